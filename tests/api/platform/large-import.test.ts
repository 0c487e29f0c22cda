import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { ImportItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// A large import is written off the request thread (a worker with its own connection on SQLite), all rows or
// none, while the rest of the shop keeps working.
let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date('2026-11-21T08:00:00Z') });
  admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await admin.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  admin.businessId = businesses[0]?.id ?? null;
});

afterAll(() => api.close());

// `badBrandRow`: the file's row (the header is row 1) whose brand names none; the last by default.
function itemsFile(prefix: string, count: number, brandOfBad = 'Ray-Ban', badBrandRow = count + 1): string {
  const rows = Array.from({ length: count }, (_, n) => ({
    code: `${prefix}-${String(n + 1).padStart(5, '0')}`,
    name: `Large import frame ${prefix} ${n + 1}`,
    brand: n + 2 === badBrandRow ? brandOfBad : 'Ray-Ban',
    item_type: 'Frame',
    unit_of_measurement: 'Piece',
  }));
  return Papa.unparse(rows);
}

const importItems = (csv: string, query = '') =>
  admin.request('POST', `/api/items/import${query}`, csv, { headers: { 'content-type': 'text/csv' } });

async function itemCount(search: string): Promise<number> {
  const answer = await admin.get(`/api/items?search=${encodeURIComponent(search)}`);
  return (answer.json as { meta: { total: number } }).meta.total;
}

const onSqlite = process.env.SPECTACLE_TEST_DATABASE !== 'postgres';

describe('a large import', () => {
  // On PostgreSQL every statement is a wait on the network, so other requests always had their turn; SQLite's are
  // synchronous, hence the worker.
  it.skipIf(!onSqlite)(
    'answers other requests while it writes, and a write waits for it',
    { timeout: 90_000 },
    async () => {
      let finished = false;
      const importing = importItems(itemsFile('LRG', 1000)).finally(() => {
        finished = true;
      });
      const readsDuringImport: number[] = [];
      let brandSaved: Promise<number> | null = null;
      while (!finished) {
        const started = performance.now();
        const read = await admin.get('/api/brands');
        expect(read.status).toBe(200);
        if (!finished) readsDuringImport.push(performance.now() - started);
        brandSaved ??= admin.post('/api/brands', { name: 'Saved During Import' }).then((answer) => answer.status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answer = await importing;
      expect(expectContract(answer, 201, ImportItemsResponse)).toEqual({ rows: 1000, created: 1000, dry_run: false });
      expect(await itemCount('Large import frame LRG')).toBe(1000);
      expect(await brandSaved).toBe(201);
      // Without the worker the import holds the only connection and the event loop: no read is answered meanwhile.
      expect(readsDuringImport.length).toBeGreaterThanOrEqual(5);
    },
  );

  it('writes none of its rows when the last one is wrong, and a dry run writes nothing', async () => {
    const refused = await importItems(itemsFile('BAD', 300, 'No Such Brand'));
    expect(refused.status).toBe(422);
    expect((refused.json as { errors: Record<string, string[]> }).errors).toEqual({
      'rows.301.brand': ['No brand named “No Such Brand”.'],
    });
    expect(await itemCount('Large import frame BAD')).toBe(0);

    const dryRun = await importItems(itemsFile('DRY', 300), '?dry_run=1');
    expect(expectContract(dryRun, 200, ImportItemsResponse)).toEqual({ rows: 300, created: 0, dry_run: true });
    expect(await itemCount('Large import frame DRY')).toBe(0);
  });

  it('checks all of 5,000 rows and names the one bad cell by its row and column, deep in the file', {
    timeout: 120_000,
  }, async () => {
    const refused = await importItems(itemsFile('DEEP', 5000, 'No Such Brand', 4002));
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({
      message: '1 cell needs correcting; nothing was imported.',
      errors: { 'rows.4002.brand': ['No brand named “No Such Brand”.'] },
    });
    expect(await itemCount('Large import frame DEEP')).toBe(0);
  });
});
