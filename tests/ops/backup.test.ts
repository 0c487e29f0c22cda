import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupProblems, RestoreRefused, restoreBackup, takeBackup } from '../../server/db/sqlite-backup.ts';
import { demoPostingIds } from '../support/demo-ids.ts';
import { HttpClient, postingMix, type ServerProcess, startServerProcess } from '../support/server-process.ts';

let dir: string;
let server: ServerProcess;
const backups: string[] = [];
let acknowledged = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spectacle-backup-'));
  const databasePath = join(dir, 'spectacle.db');
  server = await startServerProcess(databasePath);
  const client = new HttpClient(server.base);
  await client.signInAsDemoAdmin();
  const post = postingMix(client, demoPostingIds(databasePath));
  // Four clients post while three backups are taken, one after another, in this process.
  let running = true;
  const workers = Array.from({ length: 4 }, async (_, worker) => {
    for (let n = worker; running; n += 4) if (await post(n)) acknowledged += 1;
  });
  for (let second = 1; second <= 3; second += 1) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    backups.push(await takeBackup(databasePath, join(dir, 'backups'), { at: new Date(2026, 10, 21, 23, 30, second) }));
  }
  running = false;
  await Promise.all(workers);
}, 60_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const rowCount = (file: string, table: string) => {
  const db = new Sqlite(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('backups taken while the server posts', () => {
  it('are each consistent, and one restores to a database that passes its checks', async () => {
    expect(acknowledged).toBeGreaterThan(0);
    for (const backup of backups) expect(backupProblems(backup)).toEqual([]);
    const restored = join(dir, 'restored.db');
    await restoreBackup(backups[2] ?? '', restored);
    expect(backupProblems(restored)).toEqual([]);
    expect(rowCount(restored, 'invoices')).toBe(rowCount(backups[2] ?? '', 'invoices'));
    expect(rowCount(restored, 'stock_movements')).toBeGreaterThan(0);
  });

  it('refuses a backup whose stock does not match its movements, and leaves the database as it was', async () => {
    const tampered = join(dir, 'tampered.db');
    copyFileSync(backups[0] ?? '', tampered);
    const db = new Sqlite(tampered);
    db.prepare(
      'update stocks set quantity_on_hand = quantity_on_hand + 1000 where id = (select min(id) from stocks)',
    ).run();
    db.close();
    const target = join(dir, 'target.db');
    copyFileSync(backups[1] ?? '', target);
    const before = readFileSync(target);
    const refusal = await restoreBackup(tampered, target).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreRefused);
    expect((refusal as Error).message).toMatch(
      /was not restored, because stock \d+ holds .* but its movements add up to/,
    );
    expect(readFileSync(target).equals(before)).toBe(true);
  });

  it('refuses a file that is not a sound database', async () => {
    const broken = join(dir, 'broken.db');
    copyFileSync(backups[0] ?? '', broken);
    const bytes = readFileSync(broken);
    bytes.fill(0x5a, 0, 100);
    writeFileSync(broken, bytes);
    const refusal = await restoreBackup(broken, join(dir, 'never.db')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreRefused);
    expect((refusal as Error).message).toMatch(/was not restored, because it cannot be (opened|read)/);
  });

  it('keeps the newest 14 backups', async () => {
    const kept = join(dir, 'kept');
    for (let day = 1; day <= 16; day += 1) {
      await takeBackup(backups[0] ?? '', kept, { at: new Date(2026, 10, day, 23, 30, 0) });
    }
    const names = readdirSync(kept).sort();
    expect(names).toHaveLength(14);
    expect(names[0]).toBe('spectacle-20261103-233000.db');
    expect(names[13]).toBe('spectacle-20261116-233000.db');
  });
});
