import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One message of the sandbox mail outbox (`GET /dev/mail-outbox`, only outside production). */
export type MailMessage = {
  id: string;
  recipients: string[];
  subject: string;
  body: string;
  attachments: { filename: string; contentType: string; size: number }[];
  createdAt: string;
};

export const MAIL_OUTBOX_REFRESH_MS = 3_000;

export function getMailOutbox(to: string, signal?: AbortSignal): Promise<MailMessage[]> {
  return apiRequest<MailMessage[]>('GET', '/dev/mail-outbox', { query: { to: to || undefined }, signal });
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
