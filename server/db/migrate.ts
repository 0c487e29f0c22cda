import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';
import { migrations } from './migrations/index.ts';

// On PostgreSQL the migration tables are pinned to the current schema: Kysely otherwise looks for them in every
// schema of the database and takes another schema's for its own.
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const schema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
