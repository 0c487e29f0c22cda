import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadPath } from './app/route-preload.ts';
import { routeTable } from './app/route-table.ts';
import { appRoutes } from './app/routes.tsx';
import { prefetchSession } from './auth/session.ts';
import { loadFullSystem } from './ui/system.ts';

// Each address is matched among the routes of its first segment, not the app's several hundred (route-table.ts).
function AppRoutes({ tableFor }: { tableFor: (pathname: string) => RouteObject[] }) {
  return useRoutes(tableFor(useLocation().pathname));
}

async function start(): Promise<void> {
  // Vite replaces the mode at build time, so a production bundle holds neither msw nor the mocks.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('./mocks/browser.ts');
    await startMockWorker();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // Everything the first screen waits on is asked for at once: the user and the businesses, the screen's code and
  // the design system, rather than one after the other as each component would when drawn.
  const queryClient = createQueryClient();
  const tableFor = routeTable(appRoutes());
  if (window.location.pathname !== '/sign-in') prefetchSession(queryClient);
  preloadPath(window.location.pathname);
  // Nothing is drawn before the design system's styles are here, so the shell never flashes unstyled.
  await loadFullSystem();
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <Suspense>
            <AppRoutes tableFor={tableFor} />
          </Suspense>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

// The built files a return visit needs come from the service worker's cache (scripts/route-preloads.ts); it is
// installed once the page has loaded, so that it never takes the phone's line from the first screen's own files.
// This module may itself run after the load (its first download is split), and then it installs the worker at once.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const install = () => void navigator.serviceWorker.register('/service-worker.js').catch(() => undefined);
  if (document.readyState === 'complete') install();
  else window.addEventListener('load', install, { once: true });
}

void start();
