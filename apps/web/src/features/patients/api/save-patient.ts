import type { Patient, PatientBody } from '@anxin/shared/patients/patient.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';

/**
 * `POST /patients`: without `id` it adds (201), with `id` it edits (200), as the documents send both. Masked
 * numbers sent back unchanged keep the stored ones. A guardian who fails the real-name check answers 400
 * with code '000001'.
 */
export function savePatient(body: PatientBody): Promise<Patient> {
  return apiRequest<Patient>('POST', '/patients', { body });
}

export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY }),
  });
}
