// The public file of this feature: what the console's route table (app/console-router.tsx) imports. Nothing of
// the site or of the guest link imports from here (build/console-apart-plugin.ts).
export { ConsoleFrame } from './components/console-frame.tsx';
export { ConsoleLayout } from './components/console-layout.tsx';
export { ConsoleNotFound, RequirePermission, RequireStaff } from './components/require-staff.tsx';
