import type { ReservationPage } from '@anxin/shared/favorites/favorites.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type ReservationsQuery = { page: number; size: number };

export const RESERVATIONS_QUERY_KEY = [MEMBER_QUERY_KEY, 'reservations'] as const;

export function getReservations(query: ReservationsQuery, signal?: AbortSignal): Promise<ReservationPage> {
  return apiRequest<ReservationPage>('GET', '/bookings/productnothings', { query, signal });
}

export function reservationsQueryOptions(query: ReservationsQuery) {
  return queryOptions({
    queryKey: [...RESERVATIONS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getReservations(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useReservations(query: ReservationsQuery) {
  return useQuery(reservationsQueryOptions(query));
}
