import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type BenchData, type BenchTarget, serverDatabaseUrl } from './bench-database.ts';

export type ServerProcess = { base: string; pid: number; stop: () => Promise<void> };

// The server under test runs in its own process, as in production, so that the load generator does not share
// its event loop.
export async function startServerProcess(root: string, target: BenchTarget, data: BenchData): Promise<ServerProcess> {
  return spawnServer(root, 'scripts/bench/serve.ts', {
    ...(target.kind === 'sqlite'
      ? { SQLITE_PATH: target.path }
      : { DATABASE_URL: serverDatabaseUrl(target, data) ?? target.url }),
    SEED: 'none',
  });
}

// A server program (`scripts/start.ts` builds a stale client first, so it may take minutes) on a free port or the one
// given, answered once it serves its CSRF cookie.
export async function spawnServer(
  root: string,
  script: string,
  env: NodeJS.ProcessEnv,
  options: { port?: number; waitSeconds?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const waitSeconds = options.waitSeconds ?? 90;
  for (let attempt = 0; attempt < waitSeconds * 10; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The bench server exited with ${child.exitCode}.`);
    const ready = await fetch(`${base}/api/csrf-cookie`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      return {
        base,
        pid: child.pid ?? 0,
        stop: () =>
          new Promise((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The bench server did not start within ${waitSeconds} s.`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
