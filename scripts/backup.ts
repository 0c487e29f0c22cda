// `npm run backup`: a consistent copy of the SQLite database, taken while the server runs, into ./backups.
import { relative, resolve } from 'node:path';
import { readConfig } from '../server/config.ts';
import { backupsKept, takeBackup } from '../server/db/sqlite-backup.ts';

const root = resolve(import.meta.dirname, '..');
const config = readConfig();
if (config.database.kind !== 'sqlite') {
  console.error('DATABASE_URL names a PostgreSQL database: back it up with pg_dump (README.md, "Backups").');
  process.exit(1);
}
const file = await takeBackup(config.database.path, resolve(root, 'backups'));
console.log(`Backed up to ${relative(process.cwd(), file)} (the newest ${backupsKept} backups are kept).`);
