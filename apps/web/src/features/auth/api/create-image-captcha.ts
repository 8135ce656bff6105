import type { ImageCaptcha } from '@anxin/shared/auth/password-login.schemas';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v2/captcha/image/captchas: a new image code {id, image} (image is a PNG data URL). */
export function createImageCaptcha(): Promise<ImageCaptcha> {
  return apiRequest<ImageCaptcha>('POST', '/v2/captcha/image/captchas');
}
