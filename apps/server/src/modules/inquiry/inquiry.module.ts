import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { inquiryLinks, orderInquiries, shopSettings } from './inquiry.schema.ts';
import { seedDemoInquiries } from './inquiry.seed.ts';

export const inquiryDescriptor: ModuleDescriptor = {
  name: 'inquiry',
  tables: [orderInquiries, inquiryLinks, shopSettings],
  memberTables: [
    {
      table: orderInquiries,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'the inquiry and the pharmacist’s review are part of the prescription drug sale the law makes the pharmacy keep',
    },
  ],
  seed: seedDemoInquiries,
};
