/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadCatalogue } from './catalogue.reference.ts';
import { catalogueModule } from './catalogue.routes.ts';
import { products } from './catalogue.schema.ts';

export const catalogueDescriptor: ModuleDescriptor = {
  name: 'catalogue',
  routes: [catalogueModule],
  tables: [products],
  referenceData: loadCatalogue,
};

export { CATALOGUE_PRODUCTS } from './catalogue.data.ts';
export {
  findProduct,
  findProductForShare,
  findProductForUpdate,
  findProductsByCodes,
  updateProductStock,
} from './catalogue.repository.ts';
export { type ProductRow, products } from './catalogue.schema.ts';
export { productImageUrl } from './product-view.ts';
