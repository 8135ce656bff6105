import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { Patient, PatientBody } from '@anxin/shared/patients/patient.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';

/**
 * The key variants of the patient calls (`/v2/orders/ordersPatient/{key}/patients…`): the guest payment
 * link's inquiry adds, edits and deletes the order's member's patients through the link's key. The server
 * answers 404 for a key of another member's order, 410 for a timed-out link, 429 for a locked one. Under
 * PATIENTS_QUERY_KEY, so a save or delete either way refreshes every patient query.
 */
const keyQueryKey = (key: string) => [...PATIENTS_QUERY_KEY, 'by-key', key] as const;

export function getPatientsByKey(key: string, signal?: AbortSignal): Promise<Patient[]> {
  return apiRequest<Patient[]>('GET', guestPayPath(GUEST_PAY_PATHS.patients, { key }), { signal });
}

export function getPatientByKey(key: string, id: number, signal?: AbortSignal): Promise<Patient> {
  return apiRequest<Patient>('GET', guestPayPath(GUEST_PAY_PATHS.patient, { key, id }), { signal });
}

/** Without `id` it adds (201), with `id` it edits (200), as `POST /patients`. */
export function savePatientByKey(key: string, body: PatientBody): Promise<Patient> {
  return apiRequest<Patient>('POST', guestPayPath(GUEST_PAY_PATHS.patients, { key }), { body });
}

export function deletePatientByKey(key: string, id: number): Promise<void> {
  return apiRequest<void>('DELETE', guestPayPath(GUEST_PAY_PATHS.patient, { key, id }));
}

export function usePatientsByKey(key: string, { enabled = true } = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...keyQueryKey(key), 'list'],
      queryFn: ({ signal }) => getPatientsByKey(key, signal),
      staleTime: 0,
      enabled,
    }),
  );
}

/** No query without a key or an id (the member's form, or add mode). */
export function usePatientByKey(key: string | undefined, id: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...keyQueryKey(key ?? ''), 'one', id ?? 0],
      queryFn: ({ signal }) => getPatientByKey(key ?? '', id ?? 0, signal),
      staleTime: 0,
      enabled: key !== undefined && id !== undefined,
    }),
  );
}

export function useSavePatientByKey(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientBody) => savePatientByKey(key, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY }),
  });
}

export function useDeletePatientByKey(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deletePatientByKey(key, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY }),
  });
}
