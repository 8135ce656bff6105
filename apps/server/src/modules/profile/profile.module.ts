import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { seedDemoProfile } from './profile.seed.ts';

/** Profile fields live on the member row (account); this module only seeds the demo profile. */
export const profileDescriptor: ModuleDescriptor = { name: 'profile', tables: [], seed: seedDemoProfile };
