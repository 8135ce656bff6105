import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { deleteLinksOfMember } from './guest-pay.repository.ts';
import { guestPayLinks } from './guest-pay.schema.ts';

/**
 * The guest payment links. The table has no member column (the order names the member); when an account is
 * closed its links go, with the copy of the phone they hold (the orders themselves are kept for the law).
 */
export const guestPayDescriptor: ModuleDescriptor = {
  name: 'guest-pay',
  tables: [guestPayLinks],
  async closeMember(tx, memberId) {
    await deleteLinksOfMember(tx, memberId);
    return undefined;
  },
};
