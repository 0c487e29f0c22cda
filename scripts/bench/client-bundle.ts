import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { printTable } from './table.ts';

// The JavaScript a browser must fetch before the first screen paints: the entry script and the chunks it
// preloads. Route screens load later, on demand, and are counted apart.
export function benchClientBundle(root: string): void {
  const dist = join(root, 'dist');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  const assets = join(dist, 'assets');
  const chunks = existsSync(assets) ? readdirSync(assets).filter((name) => name.endsWith('.js')) : [];
  const gzipKiB = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1024;
  let initialKiB = 0;
  let lazyKiB = 0;
  for (const chunk of chunks) {
    const size = gzipKiB(join('assets', chunk));
    if (initial.has(`assets/${chunk}`)) initialKiB += size;
    else lazyKiB += size;
  }
  printTable(
    'Client bundle (gzip)',
    ['what', 'files', 'KiB'],
    [
      ['initial JavaScript', String(initial.size), initialKiB.toFixed(1)],
      ['lazy chunks (routes, charts)', String(chunks.length - initial.size), lazyKiB.toFixed(1)],
    ],
  );
}
