import { useSyncExternalStore } from 'react';

// 长辈模式 (docs/ARCHITECTURE.md, "Accessibility"): larger text and controls, stronger contrast, no motion. One
// root class switches the site's CSS variables (styles.css, `:root.elderly-mode`), and AppProviders gives antd
// the elderly theme (theme.ts, ELDERLY_TOKENS). The choice is kept in this browser's localStorage and, for a
// member, on the account (PUT /v2/member/elderly-mode), which a sign-in on another device applies.

const STORAGE_KEY = 'anxin.elderlyMode';
export const ELDERLY_MODE_CLASS = 'elderly-mode';

type Listener = () => void;
const listeners = new Set<Listener>();
/** Only the site's and the guest link's scripts start the mode; the console stays as it is. */
let isStarted = false;
let isOn = false;
/**
 * Whether React has taken the page over. A prerendered page was drawn with the mode off: React hydrates it so
 * (a change of the store while it hydrates would make it give up the prerendered markup), then the mode's
 * components draw again (markPageInteractive). The root class, CSS only, applies at once.
 */
let isTakenOver = true;

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function apply(): void {
  document.documentElement.classList.toggle(ELDERLY_MODE_CLASS, isOn);
  for (const listener of listeners) listener();
}

/** main.tsx and guest-main.tsx: the stored choice, applied before React draws, and kept in step across tabs. */
export function startElderlyMode(): void {
  isStarted = true;
  isOn = readStored();
  isTakenOver = !document.getElementById('root')?.hasChildNodes();
  apply();
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    isOn = readStored();
    apply();
  });
}

/** Turns the mode on or off in this browser (the account's copy is the switch's business). */
export function setElderlyModeOnDevice(on: boolean): void {
  if (!isStarted || on === isOn) return;
  isOn = on;
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? '1' : '0');
  } catch {
    // Storage refused (private mode): the mode lasts until the page is left.
  }
  apply();
}

/** AppProviders, once the page takes input: the mode's components may now draw in it. */
export function markPageInteractive(): void {
  if (isTakenOver) return;
  isTakenOver = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether 长辈模式 is on: off while React takes a prerendered page over (isTakenOver), as it was drawn. */
export function useElderlyMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isOn && isTakenOver,
    () => false,
  );
}
