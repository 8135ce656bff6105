// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { GuestOutcome, GuestPayFrame } from './components/guest-pay-frame.tsx';
