import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import type { Plugin, ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// In mock mode the msw service worker is served straight from the installed msw, so it always matches the library
// version and never lands in public/ or in a production build.
function mockServiceWorker(): Plugin {
  return {
    name: 'spectacle-mock-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', async (_request, response) => {
        const source = await readFile(require.resolve('msw/mockServiceWorker.js'), 'utf8');
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source);
      });
    },
  };
}

// The page's own Host goes through to the API, so that the server's same-origin check accepts the page's Origin.
export function apiProxy(target: string): ProxyOptions {
  return {
    target,
    changeOrigin: false,
    configure: (proxy) => {
      proxy.on('proxyReq', (request, incoming) => {
        if (incoming.headers.host) request.setHeader('host', incoming.headers.host);
      });
    },
  };
}

// `npm run dev` proxies the API to a running `npm start`; `npm run dev:mock` serves the generated msw mocks instead.
export default defineConfig(({ mode }) => ({
  plugins: mode === 'mock' ? [react(), mockServiceWorker()] : [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: Object.fromEntries(['/api', '/login', '/logout'].map((path) => [path, apiProxy('http://127.0.0.1:8080')])),
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
