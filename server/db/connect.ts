import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { withStatementCache } from './statement-cache.ts';

export type DatabaseTarget =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string; searchPath?: string; maxConnections?: number };

// bigint columns hold centavos and thousandths far below 2^53, so they are safe as JS numbers; COUNT(*) too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export function connectDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.kind === 'sqlite') {
    const sqlite = new Sqlite(target.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
