import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startPageOf } from './app/router.tsx';
import { Site } from './app/site.tsx';
import 'virtual:antd-style/Shared.css';
import './styles.css';

startPageOf(window.location);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A page prerendered at build time (app/prerender-page.tsx) arrives with its markup: React takes it over
// instead of drawing it again. Hydration, like a first render in a transition, yields to the browser every
// few milliseconds instead of holding the main thread for the whole page (no long task for a tap to wait on).
if (container.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(container, <Site router={BrowserRouter} isPrerendered />);
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(<Site router={BrowserRouter} isPrerendered={false} />));
}
