// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { memberVoQueryOptions, useMemberVo } from './api/get-member-vo.ts';
export { type UploadModule, useUploadAvatar } from './api/upload-avatar.ts';
