import { availableParallelism } from 'node:os';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';
import type { Database } from './database.ts';
import { allowDirectReads } from './direct-read.ts';
import { pipeliningTransactions } from './pipelined-transaction.ts';
import { preparingStatements } from './prepared-statements.ts';
import { withStatementCache } from './statement-cache.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

export type DatabaseTarget =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'postgres';
      url: string;
      searchPath?: string;
      // Unset: defaultPoolSize().
      maxConnections?: number;
      // Names the server's connections in pg_stat_activity, so that an operator can tell them apart.
      applicationName?: string;
    };

export type ConnectOptions = {
  // A pooled PostgreSQL connection ended while idle (a restart, a failover, a pooler's idle timeout): the pool
  // has already dropped it and opens a new one when next needed; this only reports it.
  onConnectionLost?: (error: Error) => void;
};

// Two connections per core, at least 4 and at most 10: a backend busy on a statement needs a core, as the server's
// own event loop does, and on a 2-core machine running both, ten busy backends left the event loop a sixth of the
// cores and queued its answers (docs/PERFORMANCE.md, What moved the numbers); requests past the pool wait in it, in order.
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

// A request waits at most this long for a new PostgreSQL connection before it answers 503.
const connectTimeoutMs = 5000;

// bigint columns hold centavos and thousandths far below 2^53, so they are safe as JS numbers; COUNT(*) too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

// The file behind each SQLite connection, so that work moved to a worker thread can open its own connection to it.
const sqliteFiles = new WeakMap<Kysely<Database>, string>();

export function sqliteFileOf(db: Kysely<Database>): string | null {
  return sqliteFiles.get(db) ?? null;
}

// Session settings for every connection. JIT compilation is off: the server's statements are short, and the
// owner's reports over a million movements are estimated costly enough to trip PostgreSQL's JIT threshold, where
// compiling took 160 ms of a 400 ms stock valuation that runs in 145 ms without it (docs/PERFORMANCE.md).
// node-postgres lets options in the URL override the pool's, so those (a bench's search_path) are moved out of
// the URL and kept beside ours.
function connectionSettings(target: Extract<DatabaseTarget, { kind: 'postgres' }>) {
  const url = URL.canParse(target.url) ? new URL(target.url) : null;
  const fromUrl = url?.searchParams.get('options') ?? null;
  url?.searchParams.delete('options');
  const options = [fromUrl, target.searchPath ? `-c search_path=${target.searchPath}` : null, '-c jit=off'];
  return {
    connectionString: url?.toString() ?? target.url,
    options: options.filter((option) => option !== null).join(' '),
  };
}

export function connectDatabase(target: DatabaseTarget, options: ConnectOptions = {}): Kysely<Database> {
  if (target.kind === 'sqlite') {
    const sqlite = new Sqlite(target.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const statements = withStatementCache(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
    sqliteFiles.set(db, target.path);
    allowDirectReads(db, sqlite);
    return db;
  }
  const pool = new pg.Pool({
    ...connectionSettings(target),
    max: target.maxConnections ?? defaultPoolSize(),
    application_name: target.applicationName ?? 'spectacle',
    connectionTimeoutMillis: connectTimeoutMs,
    // A transaction's BEGIN and COMMIT go out with its statements (pipelined-transaction.ts); every other
    // statement is still sent after the one before it has answered, as Kysely awaits each.
    pipeline: true,
  });
  // Without a listener, node-postgres rethrows an idle connection's error as an uncaught exception, and the
  // whole process dies of one closed socket.
  pool.on('error', (error) => options.onConnectionLost?.(error));
  return new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({
      pool: {
        connect: () =>
          pool.connect().then(
            (client) => pipeliningTransactions(preparingStatements(client)),
            (error: unknown) => {
              throw new DatabaseUnavailableError(error);
            },
          ),
        end: () => pool.end(),
        options: pool.options,
      },
    }),
  });
}
