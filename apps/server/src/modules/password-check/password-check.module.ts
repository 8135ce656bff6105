/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { imageCaptchas } from './password-check.schema.ts';

export const passwordCheckDescriptor: ModuleDescriptor = { name: 'password-check', tables: [imageCaptchas] };

export { captchaRequired, createImageCaptchaService } from './image-captcha.service.ts';
export { createPasswordCheck } from './password-check.service.ts';
