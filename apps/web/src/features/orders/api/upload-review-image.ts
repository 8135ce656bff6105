import type { UploadReply } from '@anxin/shared/uploads/uploads.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A review photo: `POST /v2/upload?module=common` (multipart `file`) → `{url}` (api-conventions). */
export function uploadReviewImage(file: File): Promise<UploadReply> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<UploadReply>('POST', '/v2/upload', { query: { module: 'common' }, body: form });
}

export function useUploadReviewImage() {
  return useMutation({ mutationFn: uploadReviewImage });
}
