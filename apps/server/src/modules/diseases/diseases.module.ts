import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadDiseases } from './diseases.reference.ts';
import { diseases, productDiseases } from './diseases.schema.ts';

export const diseasesDescriptor: ModuleDescriptor = {
  name: 'diseases',
  tables: [diseases, productDiseases],
  referenceData: loadDiseases,
};
