import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { withStatementCache } from './statement-cache.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

export type DatabaseTarget =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'postgres';
      url: string;
      searchPath?: string;
      maxConnections?: number;
      // Names the server's connections in pg_stat_activity, so that an operator can tell them apart.
      applicationName?: string;
    };

export type ConnectOptions = {
  // A pooled PostgreSQL connection ended while idle (a restart, a failover, a pooler's idle timeout): the pool
  // has already dropped it and opens a new one when next needed; this only reports it.
  onConnectionLost?: (error: Error) => void;
};

// A request waits at most this long for a new PostgreSQL connection before it answers 503.
const connectTimeoutMs = 5000;

// bigint columns hold centavos and thousandths far below 2^53, so they are safe as JS numbers; COUNT(*) too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

// The file behind each SQLite connection, so that work moved to a worker thread can open its own connection to it.
const sqliteFiles = new WeakMap<Kysely<Database>, string>();

export function sqliteFileOf(db: Kysely<Database>): string | null {
  return sqliteFiles.get(db) ?? null;
}

export function connectDatabase(target: DatabaseTarget, options: ConnectOptions = {}): Kysely<Database> {
  if (target.kind === 'sqlite') {
    const sqlite = new Sqlite(target.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    sqliteFiles.set(db, target.path);
    return db;
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    application_name: target.applicationName ?? 'spectacle',
    connectionTimeoutMillis: connectTimeoutMs,
    ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
  });
  // Without a listener, node-postgres rethrows an idle connection's error as an uncaught exception, and the
  // whole process dies of one closed socket.
  pool.on('error', (error) => options.onConnectionLost?.(error));
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: () =>
          pool.connect().catch((error: unknown) => {
            throw new DatabaseUnavailableError(error);
          }),
        end: () => pool.end(),
        options: pool.options,
      },
    }),
  });
}
