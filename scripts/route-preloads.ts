import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import type { Plugin } from 'vite';

// Read by the server (server/http/spa.ts).
const routePreloadsFile = 'route-preloads.json';

// The page at these addresses names, in its head, the files its first screen loads after the app's entry: the phone
// fetches them beside the entry instead of after it has run, a round trip and the entry's start-up sooner. Each
// address lists the modules its screen imports when drawn (src/app/routes.tsx): the screen, the resource's
// generated code, the design system. Only the counter's form: a hint for every address would have each page fetch
// screens it may never show.
const preloadedRoutes: Record<string, readonly string[]> = {
  '/invoices/create': [
    'src/screens/form/form-screen.tsx',
    'src/ui/full-system.ts',
    'generated/hooks/invoices/invoices.ts',
  ],
};

// Served from the site's root so that it may answer for every page (src/main.tsx registers it).
const serviceWorkerFile = 'service-worker.js';

// The worker keeps the built files a phone needs for its first screen and the counter's form in a cache named after
// them, and answers those files from it: a return visit then reads them without asking the network, and Chromium
// keeps the compiled code of scripts a worker stored while installing, where a plain reload compiles them again.
// Other built files are kept as they are first fetched. Pages and the API always go to the network.
function serviceWorker(files: readonly string[]): string {
  const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
  return `const cacheName = 'spectacle-${version}';
const kept = ${JSON.stringify(files)};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(kept)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== cacheName).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) {
    return;
  }
  event.respondWith(
    caches.open(cacheName).then(async (cache) => {
      const found = await cache.match(event.request);
      if (found) return found;
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    }),
  );
});
`;
}

type OutputChunk = { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; moduleIds: string[] };

// Writes route-preloads.json beside index.html: for each address, the built files of its screen's modules and
// everything they import, less what the entry already preloads. The server puts them in that address's page
// (server/http/spa.ts).
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'spectacle-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is typeof output & OutputChunk => {
        return output.type === 'chunk';
      });
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (files: string[]): Set<string> => {
        const found = new Set<string>();
        const visit = (file: string) => {
          if (found.has(file)) return;
          found.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        for (const file of files) visit(file);
        return found;
      };
      const loadedFirst = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const preloads: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(preloadedRoutes)) {
        const files = modules.map((module) => {
          const chunk = chunks.find((candidate) =>
            candidate.moduleIds.some((id) => relative(root, id).replaceAll('\\', '/') === module),
          );
          if (!chunk) throw new Error(`The build has no chunk holding ${module}, preloaded at ${path}.`);
          return chunk.fileName;
        });
        preloads[path] = [...withImports(files)].filter((file) => !loadedFirst.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: `${JSON.stringify(preloads, null, 2)}\n` });
      const kept = [...[...loadedFirst].map((file) => `/${file}`), ...Object.values(preloads).flat()];
      this.emitFile({ type: 'asset', fileName: serviceWorkerFile, source: serviceWorker(kept) });
    },
  };
}
