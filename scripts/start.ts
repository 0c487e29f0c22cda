// Builds the client when dist/ is missing or stale, then migrates, seeds a new database and serves everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer } from '../server/main.ts';

const root = resolve(import.meta.dirname, '..');

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

function buildClientIfStale(): void {
  if (!existsSync(join(root, 'index.html'))) {
    console.log('No index.html yet: serving the API only.');
    return;
  }
  const built = existsSync(join(root, 'dist', 'index.html')) ? newestChange(join(root, 'dist')) : 0;
  const sources = Math.max(
    ...['src', 'generated', 'public', 'index.html', 'vite.config.ts'].map((path) => newestChange(join(root, path))),
  );
  if (built > sources) return;
  console.log('Building the client...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The client build failed.');
}

buildClientIfStale();
await startServer();
