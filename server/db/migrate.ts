import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

const migrationFolder = join(import.meta.dirname, 'migrations');
const migrationFile = /^(\d{3})_[a-z0-9_]+\.ts$/;

// Every migration of server/db/migrations, found by its file name `NNN_what.ts` and run in the order of its number,
// which Kysely records by the name without `.ts`. Two files of one number are refused: branches that each took the
// next number must settle which comes first before either runs anywhere.
export async function migrations(): Promise<Record<string, Migration>> {
  const files = readdirSync(migrationFolder)
    .filter((name) => migrationFile.test(name))
    .sort();
  const numbers = files.map((name) => name.slice(0, 3));
  const repeated = numbers.find((number, index) => numbers.indexOf(number) !== index);
  if (repeated !== undefined) throw new Error(`Two migrations are numbered ${repeated}: renumber one`);
  const modules = await Promise.all(
    files.map(async (name) => (await import(join(migrationFolder, name))) as Migration),
  );
  return Object.fromEntries(files.map((name, index) => [name.replace(/\.ts$/, ''), modules[index] as Migration]));
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
