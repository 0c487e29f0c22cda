import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// A PostgreSQL cluster of its own in a folder (initdb), and a streaming standby of it (pg_basebackup -R), run as the
// postgres user on ports of their own: the shared server at 127.0.0.1:5432 takes no replication connections
// (docs/domain/reports.md, Reports from a replica). Used by the replica test and the chain bench.

const binaries = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().at(-1);
  const dir = version ? join(root, version, 'bin') : null;
  return dir && existsSync(join(dir, 'pg_basebackup')) ? dir : null;
})();

const postgresUid = (() => {
  const found = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  return found.status === 0 ? Number(found.stdout.trim()) : null;
})();

// Whether this machine can make clusters: PostgreSQL's server programs, and root to run them as postgres.
export const clustersAvailable = binaries !== null && postgresUid !== null && process.getuid?.() === 0;

function run(command: string, args: string[]): void {
  const result = spawnSync('runuser', ['-u', 'postgres', '--', join(binaries ?? '', command), ...args], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

export type Cluster = { dir: string; port: number; url: string };

export const clusterUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

// A folder the postgres user owns, for clusters and their sockets.
export function clusterFolder(dir: string): string {
  mkdirSync(dir, { recursive: true });
  chownSync(dir, postgresUid ?? 0, 0);
  return dir;
}

export function initCluster(dir: string): void {
  run('initdb', ['-D', dir, '--auth=trust', '-U', 'postgres', '--no-sync']);
}

// Starts the cluster in `dir` (if it is not running) on `port`, its socket in the folder above it; `settings` are
// server settings for this start (`name=value`).
export function startCluster(dir: string, port: number, settings: readonly string[] = []): Cluster {
  if (!existsSync(join(dir, 'postmaster.pid'))) {
    const options = [`-p ${port}`, `-k ${join(dir, '..')}`, '-c listen_addresses=127.0.0.1']
      .concat(settings.map((setting) => `-c ${setting}`))
      .join(' ');
    run('pg_ctl', ['-D', dir, '-w', '-t', '600', '-l', join(dir, 'log'), '-o', options, 'start']);
  }
  return { dir, port, url: clusterUrl(port) };
}

export function stopCluster(dir: string): void {
  if (existsSync(join(dir, 'postmaster.pid'))) run('pg_ctl', ['-D', dir, '-w', '-t', '600', '-m', 'fast', 'stop']);
}

// A standby of the running primary, copied by pg_basebackup and streaming from it (-R writes its connection). The
// copy starts from a checkpoint taken at once (`-c fast`), not one spread over minutes.
export function makeStandby(primary: Cluster, dir: string): void {
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
}
