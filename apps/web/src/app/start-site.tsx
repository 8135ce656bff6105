import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { PageRouting } from './page-routing.tsx';
import { Site } from './site.tsx';

/** Starts the pages of `routing` in the browser (main.tsx, guest-main.tsx): the page's first data, and React. */
export function startSite(routing: PageRouting): void {
  // In a task of its own, right after this one: evaluating the script is a long task already, and the first
  // request reads document.cookie (is a member signed in?) for the first time, a wait of 5 to 12 ms on the
  // browser's cookie store.
  setTimeout(() => routing.startPageOf(window.location));

  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root');

  // A page prerendered at build time (app/prerender-page.tsx) arrives with its markup: React takes it over
  // instead of drawing it again. Hydration, like a first render in a transition, yields to the browser every
  // few milliseconds instead of holding the main thread for the whole page (no long task for a tap to wait on).
  if (container.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(container, <Site routing={routing} router={BrowserRouter} isPrerendered />);
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(<Site routing={routing} router={BrowserRouter} isPrerendered={false} />));
  }
}
