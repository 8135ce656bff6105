import type { SmsOutboxMessage } from '@anxin/shared/dev/sms-outbox.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const SMS_OUTBOX_REFRESH_MS = 3_000;

export function getSmsOutbox(phone: string, signal?: AbortSignal): Promise<SmsOutboxMessage[]> {
  return apiRequest<SmsOutboxMessage[]>('GET', '/dev/sms-outbox', { query: { phone }, signal });
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
