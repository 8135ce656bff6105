import type { MemberSessions, RevokeOtherSessionsReply } from '@anxin/shared/sessions/sessions.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type { MemberSession } from '@anxin/shared/sessions/sessions.contract';

const SESSIONS_KEY = [MEMBER_QUERY_KEY, 'sessions'] as const;

export function getSessions(signal?: AbortSignal): Promise<MemberSessions> {
  return apiRequest<MemberSessions>('GET', '/v2/member/sessions', { signal });
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => getSessions(signal) }));
}

export function revokeSession(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/v2/member/sessions/${encodeURIComponent(id)}`);
}

/** 退出所有设备: every other sign-in ends; this one stays. */
export function revokeOtherSessions(): Promise<RevokeOtherSessionsReply> {
  return apiRequest<RevokeOtherSessionsReply>('POST', '/v2/member/sessions/revoke-all');
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
