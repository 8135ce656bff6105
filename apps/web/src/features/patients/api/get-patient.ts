import type { Patient } from '@anxin/shared/patients/patient.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';

/** `GET /patients/{id}`: one medication user to edit; another member's is 404 like a missing one. */
export function getPatient(id: number, signal?: AbortSignal): Promise<Patient> {
  return apiRequest<Patient>('GET', `/patients/${id}`, { signal });
}

export function patientQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...PATIENTS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => getPatient(id, signal),
    staleTime: 0,
  });
}

/** No query without an id (add mode). */
export function usePatient(id: number | undefined) {
  return useQuery({
    ...patientQueryOptions(id ?? 0),
    enabled: id !== undefined && isMemberQueryEnabled(),
  });
}
