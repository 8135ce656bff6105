import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { members } from './account.schema.ts';
import { seedDemoMember } from './account.seed.ts';

/** The member row itself is anonymised by the closure job and closed by the merge (their own code). */
export const accountDescriptor: ModuleDescriptor = { name: 'account', tables: [members], seed: seedDemoMember };
