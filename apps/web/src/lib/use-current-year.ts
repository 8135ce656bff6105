import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;
const thisYear = () => new Date().getFullYear();
/** The year the build ran (vite.config.ts): what a page prerendered then shows. */
const buildYear = () => Number(import.meta.env.BUILD_YEAR);

/**
 * This year. A prerendered page (app/prerender-page.tsx) hydrates with the year it was built in, which its
 * markup shows, and then renders this year: no mismatch between the markup and the first render.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribeNever, thisYear, buildYear);
}
