// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { usePatients } from './api/get-patients.ts';
export { usePatientsByKey } from './api/patients-by-key.ts';
export { formatAge, formatSex } from './lib/patient-display.ts';
