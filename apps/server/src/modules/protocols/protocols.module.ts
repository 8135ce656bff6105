import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadProtocols } from './protocols.reference.ts';
import { protocols } from './protocols.schema.ts';

export const protocolsDescriptor: ModuleDescriptor = {
  name: 'protocols',
  tables: [protocols],
  referenceData: loadProtocols,
};
