import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';

// Backups of the SQLite database while the server runs (SQLite's online backup API), and the checks a backup
// passes before it is put back. PostgreSQL is backed up with its own tools (README.md).

export const backupsKept = 14;
const backupName = /^spectacle-\d{8}-\d{6}\.db$/;

export function backupFileName(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  const time = `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `spectacle-${day}-${time}.db`;
}

// Copies the database into `dir` as it was at one moment, then deletes all but the newest `keep` backups.
export async function takeBackup(
  databasePath: string,
  dir: string,
  options: { at?: Date; keep?: number } = {},
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, backupFileName(options.at ?? new Date()));
  const source = new Sqlite(databasePath, { fileMustExist: true, readonly: true });
  try {
    // Every page in one step: the step reads one snapshot, and writers (WAL) go on meanwhile. Smaller steps
    // would start over each time the server wrote between them.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const backups = readdirSync(dir)
    .filter((name) => backupName.test(name))
    .sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - (options.keep ?? backupsKept)))) {
    rmSync(join(dir, old));
  }
  return target;
}

// What is wrong with a backup: SQLite's integrity check, then every stock against the sum of its movements.
export function backupProblems(file: string): string[] {
  let db: Sqlite.Database;
  try {
    db = new Sqlite(file, { fileMustExist: true, readonly: true });
  } catch (error) {
    return [`it cannot be opened (${(error as Error).message})`];
  }
  try {
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') {
      return integrity.slice(0, 5).map((row) => `integrity check: ${row.integrity_check}`);
    }
    const tables = db.prepare(
      `select name from sqlite_master where type = 'table' and name in ('stocks', 'stock_movements')`,
    );
    if (tables.all().length !== 2) return ['it is not a Spectacle database (it has no stocks and stock movements)'];
    const mismatched = db
      .prepare(
        `select s.id, s.quantity_on_hand, s.quantity_in_transit,
           coalesce((select sum(m.quantity_delta) from stock_movements m where m.stock_id = s.id and m.balance = 'on_hand'), 0) as moved_on_hand,
           coalesce((select sum(m.quantity_delta) from stock_movements m where m.stock_id = s.id and m.balance = 'in_transit'), 0) as moved_in_transit
         from stocks s`,
      )
      .all() as {
      id: number;
      quantity_on_hand: number;
      quantity_in_transit: number;
      moved_on_hand: number;
      moved_in_transit: number;
    }[];
    return mismatched
      .filter((row) => row.quantity_on_hand !== row.moved_on_hand || row.quantity_in_transit !== row.moved_in_transit)
      .map(
        (row) =>
          `stock ${row.id} holds ${row.quantity_on_hand / 1000} on hand and ${row.quantity_in_transit / 1000} in transit, but its movements add up to ${row.moved_on_hand / 1000} and ${row.moved_in_transit / 1000}`,
      );
  } catch (error) {
    return [`it cannot be read (${(error as Error).message})`];
  } finally {
    db.close();
  }
}

export class RestoreRefused extends Error {}

// Puts a checked backup in place of the database at `databasePath`; the server must be stopped meanwhile.
export async function restoreBackup(file: string, databasePath: string): Promise<void> {
  const problems = backupProblems(file);
  if (problems.length > 0) {
    throw new RestoreRefused(`${file} was not restored, because ${problems.slice(0, 5).join('; ')}.`);
  }
  const source = new Sqlite(file, { fileMustExist: true, readonly: true });
  try {
    await source.backup(databasePath, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}
