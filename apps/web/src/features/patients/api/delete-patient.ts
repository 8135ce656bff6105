import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';

/** `DELETE /patients/{id}`. */
export function deletePatient(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/patients/${id}`);
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY }),
  });
}
