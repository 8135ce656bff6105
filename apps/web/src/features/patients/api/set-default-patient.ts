import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';

/** `PUT /patients/{id}/default`: this one becomes the default, the previous default no longer is. */
export function setDefaultPatient(id: number): Promise<unknown> {
  return apiRequest<unknown>('PUT', `/patients/${id}/default`);
}

export function useSetDefaultPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY }),
  });
}
