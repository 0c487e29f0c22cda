import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type BenchData, type BenchTarget, serverDatabaseUrl } from './bench-database.ts';

export type ServerProcess = { base: string; pid: number; stop: () => Promise<void> };

// The server under test runs in its own process, as in production, so that the load generator does not share
// its event loop.
export async function startServerProcess(root: string, target: BenchTarget, data: BenchData): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench/serve.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...(target.kind === 'sqlite'
        ? { SQLITE_PATH: target.path }
        : { DATABASE_URL: serverDatabaseUrl(target, data) ?? target.url }),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 900; attempt += 1) {
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
  throw new Error('The bench server did not start within 90 s.');
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
