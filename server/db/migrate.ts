import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

const migrationFolder = join(import.meta.dirname, 'migrations');
const rangeFolder = /^(\d{3})-(\d{3})$/;
const migrationFile = /^(\d{3})_[a-z0-9_]+\.ts$/;

// Every migration of server/db/migrations, found by its file name `NNN_what.ts` in the folder of its range of 25
// numbers (`000-024/`, `025-049/`, ...) and run in the order of its number. Kysely records each by its file name
// without `.ts`, never its folder, so the names databases hold stay those of the releases that ran them. A file
// outside its range's folder and two files of one number are refused: branches that each took the next number must
// settle which comes first before either runs anywhere.
export async function migrations(): Promise<Record<string, Migration>> {
  const files = readdirSync(migrationFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && rangeFolder.test(entry.name))
    .flatMap((folder) =>
      readdirSync(join(migrationFolder, folder.name))
        .filter((name) => migrationFile.test(name))
        .map((name) => ({ folder: folder.name, name })),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  const astray = files.find(({ folder, name }) => folder !== rangeOf(name));
  if (astray !== undefined) throw new Error(`Migration ${astray.name} belongs in migrations/${rangeOf(astray.name)}/`);
  const numbers = files.map(({ name }) => name.slice(0, 3));
  const repeated = numbers.find((number, index) => numbers.indexOf(number) !== index);
  if (repeated !== undefined) throw new Error(`Two migrations are numbered ${repeated}: renumber one`);
  const modules = await Promise.all(
    files.map(async ({ folder, name }) => (await import(join(migrationFolder, folder, name))) as Migration),
  );
  return Object.fromEntries(files.map(({ name }, index) => [name.replace(/\.ts$/, ''), modules[index] as Migration]));
}

// The folder of a migration's range: 25 numbers, so that no folder ever holds more than 25 migrations.
function rangeOf(name: string): string {
  const first = Math.floor(Number(name.slice(0, 3)) / 25) * 25;
  return `${String(first).padStart(3, '0')}-${String(first + 24).padStart(3, '0')}`;
}

// On PostgreSQL the migration tables are pinned to the current schema: Kysely otherwise looks for them in every
// schema of the database and takes another schema's for its own.
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const schema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
