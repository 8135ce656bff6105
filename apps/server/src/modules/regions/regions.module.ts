import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadRegions } from './regions.reference.ts';
import { regions } from './regions.schema.ts';

export const regionsDescriptor: ModuleDescriptor = { name: 'regions', tables: [regions], referenceData: loadRegions };
