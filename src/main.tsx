import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/routes.tsx';

async function start(): Promise<void> {
  // Vite replaces the mode at build time, so a production bundle holds neither msw nor the mocks.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('./mocks/browser.ts');
    await startMockWorker();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={createBrowserRouter(appRoutes())} />
      </Providers>
    </StrictMode>,
  );
}

void start();
