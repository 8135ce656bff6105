// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { logout } from './api/logout.ts';
export { AuthFrame } from './components/auth-frame.tsx';
export { AuthHotline } from './components/auth-hotline.tsx';
export { ImageCodeField } from './components/image-code-field.tsx';
export { NewPasswordFields } from './components/new-password-fields.tsx';
export { SmsCodeField } from './components/sms-code-field.tsx';
export { ThirdPartyIcon } from './components/third-party-login.tsx';
export { useImageCode } from './lib/use-image-code.ts';
