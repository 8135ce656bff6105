import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One message of the sandbox SMS outbox (api-conventions.md); only outside production. */
export type OutboxMessage = { phone: string; content: string; code: string; createdAt: string };

export const SMS_OUTBOX_REFRESH_MS = 3_000;

export function getSmsOutbox(phone: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  return apiRequest<OutboxMessage[]>('GET', '/dev/sms-outbox', { query: { phone }, signal });
}

export function smsOutboxQueryOptions(phone: string) {
  return queryOptions({
    queryKey: ['dev', 'sms-outbox', phone],
    queryFn: ({ signal }) => getSmsOutbox(phone, signal),
    refetchInterval: SMS_OUTBOX_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}

export function useSmsOutbox(phone: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...smsOutboxQueryOptions(phone), enabled: isEnabled });
}
