import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import {
  oauthLoginCodes,
  oauthStates,
  sandboxOauthCodes,
  sandboxOauthIdentities,
  thirdPartyIdentities,
} from './third-party.schema.ts';

export const thirdPartyDescriptor: ModuleDescriptor = {
  name: 'third-party',
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
