/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadDiseases } from './diseases.reference.ts';
import { diseasesModule } from './diseases.routes.ts';
import { diseases, productDiseases } from './diseases.schema.ts';

export const diseasesDescriptor: ModuleDescriptor = {
  name: 'diseases',
  routes: [diseasesModule],
  tables: [diseases, productDiseases],
  referenceData: loadDiseases,
};

export { findDiseasesByCodes, findDiseasesByNames, findProductDiseases } from './diseases.repository.ts';
