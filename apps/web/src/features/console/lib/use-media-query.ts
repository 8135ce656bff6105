import { useSyncExternalStore } from 'react';

/** The console's one breakpoint: below it the menu is a drawer and tables are lists of cards. */
export const NARROW_QUERY = '(max-width: 767px)';

/** Whether the window matches `query`, re-rendering when that changes (a phone turned, a window resized). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsNarrow = () => useMediaQuery(NARROW_QUERY);
