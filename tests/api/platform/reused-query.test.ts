import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReused } from '../../../server/db/reused-query.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

// A query compiled once and run again with other values must answer for those values, never the first ones.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const at = new Date().toISOString();
  const audit = { created_at: at, updated_at: at, created_by: null, updated_by: null };
  await database.db
    .insertInto('businesses')
    .values(['First Optical', 'Second Optical', 'Third Optical'].map((name) => ({ name, ...audit })))
    .execute();
});

afterAll(() => database.destroy());

const businessNamed = (name: string) =>
  runReused(database.db, 'test: business by name', [name] as const, ([wanted]) =>
    database.db.selectFrom('businesses').select(['id', 'name']).where('name', '=', wanted),
  );

describe('a query compiled once', () => {
  it('answers each run for its own values', async () => {
    const [first] = await businessNamed('First Optical');
    const [second] = await businessNamed('Second Optical');
    expect(first?.name).toBe('First Optical');
    expect(second?.name).toBe('Second Optical');
    expect(second?.id).not.toBe(first?.id);
    expect(await businessNamed('No Such Optical')).toEqual([]);
    expect((await businessNamed('First Optical'))[0]).toEqual(first);
  });

  it('places each value where its stand-in went, whatever their order in the SQL', async () => {
    const run = (lowest: number, name: string) =>
      runReused(database.db, 'test: businesses from an id but one name', [name, lowest] as const, ([excluded, from]) =>
        database.db
          .selectFrom('businesses')
          .select('name')
          .where('id', '>=', from)
          .where('name', '<>', excluded)
          .orderBy('id'),
      );
    const all = await database.db.selectFrom('businesses').select(['id', 'name']).orderBy('id').execute();
    const [, second, third] = all;
    if (!second || !third) throw new Error('The three businesses are missing.');
    expect((await run(second.id, third.name)).map((row) => row.name)).toEqual([second.name]);
    expect((await run(third.id, second.name)).map((row) => row.name)).toEqual([third.name]);
  });

  it('refuses a query with a value that is not one of its stand-ins', async () => {
    await expect(
      runReused(database.db, 'test: a fixed value', [1], () =>
        database.db.selectFrom('businesses').select('id').where('name', '=', 'First Optical'),
      ),
    ).rejects.toThrow(/not one of its values/);
  });
});
