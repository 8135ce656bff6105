/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { auditConsoleModule } from './audit.console.routes.ts';
import { staffAuditLog } from './audit.schema.ts';

/** The operator's audit log (docs/CONSOLE.md, 操作日志): every module's console and command-line acts write it. */
export const auditDescriptor: ModuleDescriptor = {
  name: 'audit',
  routes: [auditConsoleModule],
  tables: [staffAuditLog],
};

export { staffAuditLog } from './audit.schema.ts';
export { type AuditActor, type AuditRecord, findAuditEntriesOf, recordAudit } from './audit.service.ts';
