import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { connectDatabase, defaultPoolSize } from '../../server/db/connect.ts';

// A server process holds at most a pool's worth of PostgreSQL connections (server/db/connect.ts): twice the cores,
// 4 to 10, or DATABASE_POOL_SIZE. Requests beyond it wait for a connection rather than add a backend.

describe('the PostgreSQL connection pool', () => {
  it('holds twice the cores, at least 4 and at most 10, unless DATABASE_POOL_SIZE says otherwise', () => {
    expect([1, 2, 3, 4, 5, 16].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 6, 8, 10, 10]);
    const url = 'postgres://shop@db.internal/spectacle';
    expect(readConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '24' }).database).toMatchObject({ maxConnections: 24 });
    expect(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: 'many' }).database).toMatchObject({
      maxConnections: defaultPoolSize(),
    });
  });

  const testUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!testUrl)('answers more statements at once than it has connections, on no more backends', async () => {
    const db = connectDatabase({ kind: 'postgres', url: testUrl ?? '', maxConnections: 3 });
    try {
      const backends = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const row = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.02)`.execute(db);
          return row.rows[0]?.pid;
        }),
      );
      expect(backends).toHaveLength(12);
      expect(new Set(backends).size).toBeLessThanOrEqual(3);
    } finally {
      await db.destroy();
    }
  });
});
