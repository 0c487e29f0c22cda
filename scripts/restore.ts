// `npm run restore FILE`: puts a backup back in place of the SQLite database, after checking it. Stop the server
// first.
import { relative, resolve } from 'node:path';
import { readConfig } from '../server/config.ts';
import { RestoreRefused, restoreBackup } from '../server/db/sqlite-backup.ts';

const file = process.argv[2];
const config = readConfig();
if (!file) {
  console.error('Name the backup to restore: npm run restore backups/spectacle-YYYYMMDD-HHMMSS.db');
  process.exit(1);
}
if (config.database.kind !== 'sqlite') {
  console.error('DATABASE_URL names a PostgreSQL database: restore it with pg_restore (README.md, "Backups").');
  process.exit(1);
}
try {
  await restoreBackup(resolve(file), config.database.path);
  console.log(`Restored ${file} into ${relative(process.cwd(), config.database.path)}. Start the server again.`);
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
