// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { ElderlyModeSwitch } from './components/elderly-mode-switch.tsx';
export { useAccountElderlyMode } from './lib/use-account-elderly-mode.ts';
