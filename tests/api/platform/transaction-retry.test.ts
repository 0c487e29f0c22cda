import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { dialectOf } from '../../../server/db/dialect.ts';
import { retryTransaction, transactionAttempts } from '../../../server/db/transaction-retry.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.destroy());

// PostgreSQL raises the real error, so the test sees it as the driver reports it; SQLite never deadlocks, so
// there it is an error of the same shape.
async function failWith(trx: Kysely<Database>, code: string): Promise<never> {
  if (dialectOf(trx) === 'postgres') {
    await sql`do $$ begin raise exception 'aborted for the test' using errcode = ${sql.raw(`'${code}'`)}; end $$`.execute(
      trx,
    );
  }
  throw Object.assign(new Error('aborted for the test'), { code });
}

// A transaction that writes a business named `name`, failing with `codes[n]` on its n-th attempt.
function attempt(name: string, codes: readonly string[]) {
  let attempts = 0;
  const pauses: number[] = [];
  const run = () =>
    retryTransaction(
      () =>
        database.db.transaction().execute(async (trx) => {
          const code = codes[attempts];
          attempts += 1;
          const at = new Date().toISOString();
          await trx
            .insertInto('businesses')
            .values({ name, created_at: at, updated_at: at, created_by: null, updated_by: null })
            .execute();
          if (code) await failWith(trx, code);
          return attempts;
        }),
      {
        pause: async (n) => {
          pauses.push(n);
        },
      },
    );
  return { run, attempts: () => attempts, pauses };
}

async function businessesNamed(name: string): Promise<number> {
  const rows = await database.db.selectFrom('businesses').select('id').where('name', '=', name).execute();
  return rows.length;
}

describe('retrying a transaction PostgreSQL aborted', () => {
  it('runs a transaction that hit a deadlock again, and its work commits once', async () => {
    const deadlocked = attempt('After a deadlock', ['40P01']);
    expect(await deadlocked.run()).toBe(2);
    expect(deadlocked.pauses).toEqual([1]);
    expect(await businessesNamed('After a deadlock')).toBe(1);
  });

  it('runs a transaction again after serialization failures', async () => {
    const serialized = attempt('After serialization failures', ['40001', '40001']);
    expect(await serialized.run()).toBe(3);
    expect(await businessesNamed('After serialization failures')).toBe(1);
  });

  it('does not retry any other error', async () => {
    const refused = attempt('Refused', ['23505']);
    await expect(refused.run()).rejects.toMatchObject({ code: '23505' });
    expect(refused.attempts()).toBe(1);
    expect(refused.pauses).toEqual([]);
    expect(await businessesNamed('Refused')).toBe(0);
  });

  it('gives up after a few attempts and passes the last error on', async () => {
    const stuck = attempt(
      'Stuck',
      Array.from({ length: transactionAttempts + 1 }, () => '40P01'),
    );
    await expect(stuck.run()).rejects.toMatchObject({ code: '40P01' });
    expect(stuck.attempts()).toBe(transactionAttempts);
    expect(await businessesNamed('Stuck')).toBe(0);
  });
});
