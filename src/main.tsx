import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/routes.tsx';
import { loadFullSystem } from './ui/system.ts';

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

async function start(): Promise<void> {
  // Vite replaces the mode at build time, so a production bundle holds neither msw nor the mocks.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('./mocks/browser.ts');
    await startMockWorker();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // Nothing is drawn before the design system's styles are here, so the shell never flashes unstyled; the
  // screen of the address comes as soon as it has loaded.
  await loadFullSystem();
  const routes = appRoutes();
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <BrowserRouter>
          <Suspense>
            <AppRoutes routes={routes} />
          </Suspense>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

void start();
