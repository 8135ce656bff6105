import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadRoutesOf } from './app/router.tsx';
import 'virtual:antd-style/Shared.css';
import './styles.css';

preloadRoutesOf(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main
// thread for the whole page (a phone's first visit: no long task for a tap to wait behind).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
