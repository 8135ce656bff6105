import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { RESERVATIONS_QUERY_KEY } from './get-reservations.ts';

/** 取消登记. */
export function deleteReservation(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/bookings/productnothings/${id}`);
}

export function useDeleteReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY }),
  });
}
