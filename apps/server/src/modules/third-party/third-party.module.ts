/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { thirdPartyModule } from './third-party.routes.ts';
import {
  oauthLoginCodes,
  oauthStates,
  sandboxOauthCodes,
  sandboxOauthIdentities,
  thirdPartyIdentities,
} from './third-party.schema.ts';

export const thirdPartyDescriptor: ModuleDescriptor = {
  name: 'third-party',
  routes: [thirdPartyModule],
  tables: [thirdPartyIdentities, oauthStates, oauthLoginCodes, sandboxOauthIdentities, sandboxOauthCodes],
  memberTables: [
    {
      table: thirdPartyIdentities,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'links to WeChat/QQ/Weibo accounts, with their nickname and avatar',
    },
    {
      table: oauthStates,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'short-lived binding attempts (hashes only); nothing to keep',
    },
    {
      table: oauthLoginCodes,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'short-lived one-time sign-in codes; nothing to keep',
    },
  ],
};

export { readBrowserSecret } from './oauth-browser.ts';
export { type OAuthTicket, verifyOAuthTicket } from './oauth-ticket.ts';
export { findIdentity, findMemberIdentity } from './third-party.repository.ts';
export { createThirdPartyIdentityService, thirdPartyTaken } from './third-party.service.ts';
