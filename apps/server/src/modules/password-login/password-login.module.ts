import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { imageCaptchas, loginKeys } from './password-login.schema.ts';
import { seedPasswordLoginAccounts } from './password-login.seed.ts';

export const passwordLoginDescriptor: ModuleDescriptor = {
  name: 'password-login',
  tables: [loginKeys, imageCaptchas],
  seed: seedPasswordLoginAccounts,
};
