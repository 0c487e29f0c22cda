import { cleanup, configure, render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll } from 'vitest';
import '../../src/app/definitions.ts';
import { Providers } from '../../src/app/providers.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { generatedHandlers, mockOverrides } from '../../src/mocks/handlers.ts';
import { toaster } from '../../src/ui/toaster.tsx';

// Screens load lazily and the suite shares two cores with the API tests: `findBy*` waits up to 10 s for what a
// person would see rather than failing after testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that Chakra and next-themes call.
Object.assign(window, {
  matchMedia:
    window.matchMedia ??
    ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })),
  ResizeObserver:
    window.ResizeObserver ??
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
});
Element.prototype.scrollTo ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

export const server = setupServer(...mockOverrides, ...generatedHandlers);

export function withMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
  });
  // The web tests share their worker's modules (vite.config.ts), the toaster's store among them: a file's toasts
  // must not greet the next file.
  afterAll(() => {
    server.close();
    toaster.remove();
  });
}

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function currentUrl(): URL {
  const text = document.querySelector('[data-testid="location"]')?.textContent ?? '/';
  return new URL(text, 'http://localhost');
}

// Renders routes inside the app's providers, with a probe that shows the current URL on every page.
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const withProbe: RouteObject[] = [
    {
      element: (
        <>
          <Suspense>
            <Outlet />
          </Suspense>
          <LocationProbe />
        </>
      ),
      children: routes,
    },
  ];
  const router = createMemoryRouter(withProbe, { initialEntries: [initialEntry] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return {
    router,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}
