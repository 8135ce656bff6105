import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadCatalogue } from './catalogue.reference.ts';
import { products } from './catalogue.schema.ts';

export const catalogueDescriptor: ModuleDescriptor = {
  name: 'catalogue',
  tables: [products],
  referenceData: loadCatalogue,
};
