import {
  RESERVATION_REGISTER_TYPE,
  type Reservation,
  type ReservationCreate,
} from '@anxin/shared/favorites/favorites.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { RESERVATIONS_QUERY_KEY } from './get-reservations.ts';

/** 到货通知: the phone to text when the product arrives (asking again changes the phone). */
export function bookReservation(request: Omit<ReservationCreate, 'registerType'>): Promise<Reservation> {
  return apiRequest<Reservation>('POST', '/details/rest/book', {
    body: { ...request, registerType: RESERVATION_REGISTER_TYPE },
  });
}

export function useBookReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY }),
  });
}
