/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { accountModule } from './account.routes.ts';
import { members } from './account.schema.ts';
import { seedDemoMember } from './account.seed.ts';

/** The member row itself is anonymised by the closure job and closed by the merge (their own code). */
export const accountDescriptor: ModuleDescriptor = {
  name: 'account',
  tables: [members],
  seed: seedDemoMember,
  routes: [accountModule],
};

export {
  findMemberById,
  findMemberByLoginName,
  findMemberByPhone,
  insertMember,
  lockMember,
} from './account.repository.ts';
export { type MemberRow, members } from './account.schema.ts';
export { DEMO_MEMBER } from './account.seed.ts';
export { accountClosingError, defaultNickname } from './member-rules.ts';
export { avatarUrl, toUserInfo } from './member-view.ts';
