import type Sqlite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const capacity = 1_000;

// Kysely's SQLite driver prepares every query anew, and preparing cost more than running the query itself on
// the hot list and read paths. The same SQL text reuses its prepared statement (least recently used dropped
// first); better-sqlite3 runs one statement at a time, so sharing one is safe.
export function withStatementCache(sqlite: Sqlite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value ?? sql);
      return statement;
    },
  };
}
