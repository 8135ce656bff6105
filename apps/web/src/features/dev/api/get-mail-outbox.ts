import type { MailOutboxMessage } from '@anxin/shared/dev/mail-outbox.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const MAIL_OUTBOX_REFRESH_MS = 3_000;

/** The sandbox mail outbox (`GET /dev/mail-outbox`, only outside production), newest first. */
export function getMailOutbox(to: string, signal?: AbortSignal): Promise<MailOutboxMessage[]> {
  return apiRequest<MailOutboxMessage[]>('GET', '/dev/mail-outbox', { query: { to: to || undefined }, signal });
}

export function useMailOutbox(to: string) {
  return useQuery(
    queryOptions({
      queryKey: ['dev', 'mail-outbox', to],
      queryFn: ({ signal }) => getMailOutbox(to, signal),
      refetchInterval: MAIL_OUTBOX_REFRESH_MS,
      staleTime: 0,
      retry: false,
    }),
  );
}
