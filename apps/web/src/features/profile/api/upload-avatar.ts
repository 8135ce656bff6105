import { MSG } from '@anxin/shared/common/messages';
import type { UploadReply } from '@anxin/shared/uploads/uploads.contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest, buildApiUrl, NETWORK_ERROR_CODE, UNKNOWN_ERROR_CODE } from '../../../lib/api-client.ts';
import { clearSession, getAccessToken, isAccessTokenExpired, isSignedIn } from '../../../lib/token-store.ts';

/** An upload that takes longer than this is given up (the product names 30 s for videos; an image of 2 MB gets 60). */
const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * `common`: a public file (avatar, review photos). `private`: encrypted on the server and answered as a URL
 * signed for 10 minutes (guardian ID photo, prescription images); a reload of the data gives a fresh one.
 */
export type UploadModule = 'common' | 'private';

export type UploadAvatarInput = { file: File; onProgress?: (percent: number) => void; module?: UploadModule };

/**
 * `POST /v2/upload?module=common|private` (common unless named) with the multipart field `file` → `{url}`.
 * Sent with XMLHttpRequest, as fetch reports no upload progress; the URL comes from the API client, and its
 * refresh runs first when the access token has expired (a cheap user-info read), so this call carries a live
 * token.
 */
export async function uploadAvatar({ file, onProgress, module = 'common' }: UploadAvatarInput): Promise<UploadReply> {
  if (isSignedIn() && isAccessTokenExpired()) await apiRequest('GET', '/v2/member/vo').catch(() => undefined);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl('/v2/upload', { module }));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const reply = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof reply?.url === 'string') {
        resolve({ url: reply.url });
        return;
      }
      if (xhr.status === 401) clearSession('expired');
      reject(toUploadError(xhr.status, reply));
    };
    const failNetwork = () =>
      reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: MSG.networkPoor, hasServerMessage: false }));
    xhr.onerror = failNetwork;
    xhr.ontimeout = failNetwork;
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function toUploadError(status: number, reply: Record<string, unknown> | undefined): ApiError {
  const code = typeof reply?.code === 'string' ? reply.code : UNKNOWN_ERROR_CODE;
  const serverMessage = typeof reply?.message === 'string' && reply.message ? reply.message : undefined;
  if (status >= 500) return new ApiError({ status, code, message: MSG.serverError, hasServerMessage: false });
  // A 400 on the avatar upload shows the over-2M message when the server gives no reason.
  if (serverMessage) return new ApiError({ status, code, message: serverMessage, hasServerMessage: true });
  const message = status === 400 || status === 413 ? MSG.avatarSize : MSG.requestError;
  return new ApiError({ status, code, message, hasServerMessage: false });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
