import type { ModuleDescriptor } from './module-descriptor.ts';
import { mailOutbox, rateLimitCounters, shopSettings, smsOutbox } from './platform.schema.ts';

export const platformDescriptor: ModuleDescriptor = {
  name: 'platform',
  tables: [rateLimitCounters, smsOutbox, mailOutbox, shopSettings],
};
