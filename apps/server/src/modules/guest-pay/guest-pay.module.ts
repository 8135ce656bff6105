import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { guestPayLinks } from './guest-pay.schema.ts';

/** The guest payment links; the table has no member column (the order names the member). */
export const guestPayDescriptor: ModuleDescriptor = {
  name: 'guest-pay',
  tables: [guestPayLinks],
};
