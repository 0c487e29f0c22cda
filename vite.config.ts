import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin, ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';
import { routePreloads } from './scripts/route-preloads.ts';
import { LongestFirst } from './tests/support/longest-first.ts';

const require = createRequire(import.meta.url);

// The tests of the API and the ledger, which open a database of their own (tests/support/test-database.ts).
const serverTests = ['tests/api/**/*.test.ts', 'tests/ledger/**/*.test.ts'];
// The client's tests, under jsdom (the generated client's among them), and the tests of the scripts, the contract and
// the domain's pure rules.
const webTests = ['tests/web/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.tsx'];
const opsTests = ['tests/{ops,contract,domain}/**/*.test.ts'];

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

// A phone at 150 ms a request fetches about a hundred small files far slower than a few large ones (docs/PERFORMANCE.md,
// The client): the libraries every first screen runs go in one file, and the design system's components that screens
// load later in another. zod stays apart, since only saving a form needs it.
const chunkGroups = [
  { name: 'start', tags: ['$initial' as const], test: /node_modules[\\/]/, priority: 3 },
  {
    name: 'ui-kit',
    test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|@internationalized|@emotion|@tanstack|react-hook-form|react-icons|stylis)[\\/]/,
    priority: 2,
  },
];

// `npm run dev` proxies the API to a running `npm start`; `npm run dev:mock` serves the generated msw mocks instead.
export default defineConfig(({ mode }) => ({
  plugins: mode === 'mock' ? [react(), mockServiceWorker()] : [react(), routePreloads(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Chakra's theme module builds its default config at load time; marked pure, the build keeps only the tokens
    // and recipes the first screen imports, and the rest goes with the full system (src/ui/system.ts).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    proxy: Object.fromEntries(['/api', '/login', '/logout'].map((path) => [path, apiProxy('http://127.0.0.1:8080')])),
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker per core, not vitest's default of one fewer: the files spend much of their time waiting on Chromium,
    // PostgreSQL or a server of their own, so on two cores a single worker leaves one idle (docs/PERFORMANCE.md,
    // CI time).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    // Every test runs on SQLite, the embedded default; with TEST_DATABASE_URL the tests that open a database run a
    // second time on PostgreSQL, in the same run. The API, ledger, client and ops tests share their workers' loaded
    // modules (`isolate: false`): loading the server or the client afresh for every file cost three quarters of the
    // server tests' time and half the client tests' (docs/DECISIONS.md, CI time). The client's files, under jsdom, are
    // a project of their own, so that no server file runs beside their DOM; the browser files keep a registry each.
    projects: [
      { extends: true, test: { name: 'sqlite', include: serverTests, isolate: false } },
      { extends: true, test: { name: 'web', include: webTests, isolate: false } },
      { extends: true, test: { name: 'ops', include: opsTests, isolate: false } },
      // The browser files, and any test a new folder holds until it is given a project.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...serverTests, ...webTests, ...opsTests, 'node_modules/**'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: serverTests,
                isolate: false,
                env: { SPECTACLE_TEST_DATABASE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
}));
