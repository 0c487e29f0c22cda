import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { backupProblems } from '../../server/db/sqlite-backup.ts';
import { demoPostingIds } from '../support/demo-ids.ts';
import { HttpClient, postingMix, type ServerProcess, startServerProcess } from '../support/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'spectacle-crash-'));
const databasePath = join(dir, 'spectacle.db');
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('a server killed mid-posting', () => {
  it('restarts on a sound database that holds every acknowledged document once', async () => {
    const first = await startServerProcess(databasePath);
    servers.push(first);
    const client = new HttpClient(first.base);
    await client.signInAsDemoAdmin();
    const ids = demoPostingIds(databasePath);
    const post = postingMix(client, ids);
    const acknowledged: { table: string; id: number }[] = [];
    let killed = false;
    // Six clients post until the server dies under them; a request cut short is neither counted nor checked.
    const workers = Array.from({ length: 6 }, async (_, worker) => {
      for (let n = worker; !killed; n += 6) {
        const posted = await post(n).catch(() => null);
        if (posted) acknowledged.push(posted);
      }
    });
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 50));
    await first.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);

    const second = await startServerProcess(databasePath);
    servers.push(second);
    const after = new HttpClient(second.base);
    await after.signInAsDemoAdmin();
    expect(await postingMix(after, ids)(0)).not.toBeNull();
    await second.kill('SIGTERM');

    expect(backupProblems(databasePath)).toEqual([]);
    const db = new Sqlite(databasePath, { readonly: true });
    try {
      for (const table of ['receive_orders', 'invoices', 'stock_transfers']) {
        const expected = acknowledged.filter((document) => document.table === table).map((document) => document.id);
        const found = db
          .prepare(`select id from ${table} where id in (${expected.map(() => '?').join(',') || 'null'})`)
          .all(...expected) as { id: number }[];
        expect(
          found.map((row) => row.id).sort((a, b) => a - b),
          table,
        ).toEqual(expected.sort((a, b) => a - b));
        const repeated = db.prepare(`select number from ${table} group by number having count(*) > 1`).all();
        expect(repeated, table).toEqual([]);
      }
    } finally {
      db.close();
    }
  }, 60_000);
});
