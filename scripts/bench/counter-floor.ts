import pg from 'pg';

// The machine's floor for gap-free numbering on PostgreSQL: `clients` connections each committing a one-row UPDATE
// of the same row as fast as they can, which is all that a counter taken just before the commit has to wait for.
// The table lives in `schema`, beside the data set the postings ran on.
export async function counterFloor(url: string, clients: number, seconds: number, schema = 'public'): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: clients });
  let commits = 0;
  try {
    const setup = await pool.connect();
    try {
      await setup.query(`SET search_path = "${schema}"`);
      await setup.query(
        'CREATE TABLE IF NOT EXISTS bench_counter_floor (id integer PRIMARY KEY, total integer NOT NULL)',
      );
      await setup.query('INSERT INTO bench_counter_floor VALUES (1, 0) ON CONFLICT (id) DO NOTHING');
    } finally {
      setup.release();
    }
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const client = await pool.connect();
        try {
          await client.query(`SET search_path = "${schema}"`);
          while (performance.now() < end) {
            await client.query('BEGIN');
            await client.query('UPDATE bench_counter_floor SET total = total + 1 WHERE id = 1');
            await client.query('COMMIT');
            commits += 1;
          }
        } finally {
          client.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return commits / seconds;
}
