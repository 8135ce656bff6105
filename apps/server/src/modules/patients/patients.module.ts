/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { patientsModule } from './patients.routes.ts';
import { patientDataReads, patients } from './patients.schema.ts';
import { seedDemoPatients } from './patients.seed.ts';

export const patientsDescriptor: ModuleDescriptor = {
  name: 'patients',
  routes: [patientsModule],
  tables: [patients, patientDataReads],
  memberTables: [
    {
      table: patients,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'identity, health and guardian data; each prescription keeps its own encrypted copy of the patient it was for',
    },
    {
      table: patientDataReads,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'the access log of sensitive data is evidence of who read what; it holds no personal data itself',
    },
  ],
  seed: seedDemoPatients,
};

export { findMemberDefaultPatient } from './patients.repository.ts';
export { patientDataReads } from './patients.schema.ts';
export { createPatientService, type PatientInFull, patientServiceOf } from './patients.service.ts';
