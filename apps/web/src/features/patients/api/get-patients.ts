import type { Patient } from '@anxin/shared/patients/patient.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** Every patient query starts with this key, so a save, delete or new default refreshes them all. */
export const PATIENTS_QUERY_KEY = [MEMBER_QUERY_KEY, 'patients'] as const;

/** `GET /patients`: the member's medication users, a plain array, the default first; numbers masked. */
export function getPatients(signal?: AbortSignal): Promise<Patient[]> {
  return apiRequest<Patient[]>('GET', '/patients', { signal });
}

export function patientsQueryOptions() {
  return queryOptions({
    queryKey: [...PATIENTS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => getPatients(signal),
    staleTime: 0,
  });
}

export function usePatients() {
  return useQuery({ ...patientsQueryOptions(), enabled: isMemberQueryEnabled() });
}
