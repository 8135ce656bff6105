import type { ModuleDescriptor } from './module-descriptor.ts';
import { rateLimitCounters, smsOutbox } from './platform.schema.ts';

export const platformDescriptor: ModuleDescriptor = { name: 'platform', tables: [rateLimitCounters, smsOutbox] };
