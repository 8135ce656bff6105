// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { useWithdrawClosurePrompt } from './lib/use-withdraw-closure-prompt.tsx';
