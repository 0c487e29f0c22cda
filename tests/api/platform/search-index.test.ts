import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListItemsResponse, SearchItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { ListStocksResponse } from '../../../generated/zod/stocks/stocks.zod.ts';
import { resources } from '../../../server/areas/index.ts';
import { containsText, dialectOf } from '../../../server/db/dialect.ts';
import { ensureSearchIndexes, searchIndexesOf } from '../../../server/engine/search/search-index.ts';
import { applyStockChanges } from '../../../server/ledger/stock/stock-ledger.ts';
import { type LedgerFixture, posting, twoBusinessesAndTheirOwner } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// Quick search, type-ahead and the stocks search go through the search indexes (FTS5 trigram on SQLite, pg_trgm
// on PostgreSQL). These tests hold what they find to what the plain LIKE/ILIKE scan over the same columns finds.

let api: TestApi;
let admin: TestClient;
let ours: LedgerFixture;
let theirs: LedgerFixture;

const itemColumns = ['code', 'barcode', 'name', 'description'] as const;

const names = [
  ['CM-001', 'Clubmaster Classic', 'Acetate, tortoise'],
  ['CM-002', 'CLUBMASTER Oversized', null],
  ['CM-003', 'clubmaster metal', 'Gold rim'],
  ['NA-001', 'Ñandú Kids', 'Niños, talla pequeña'],
  ['NA-002', 'ÑANDÚ Teens', null],
  ['TI-100', '100% Titanium', 'Weighs 100 g'],
  ['TI-101', '100 Titanium', 'Half-rim'],
  ['US-001', 'under_score', null],
  ['US-002', 'underXscore', null],
  ['QT-001', 'Quote "Double" Frame', "It's back"],
  ['BS-001', 'Back\\slash', null],
  ['SP-001', 'Sun  Lens', 'two  spaces'],
] as const;

const texts = [
  'club',
  'CLUB',
  'Master C',
  'ñandú',
  'ÑANDÚ',
  'nandu',
  'and',
  'ñ',
  '%',
  '100%',
  '0% T',
  '_',
  'r_s',
  'rXs',
  '"',
  'e "D',
  "'",
  "It's",
  '\\',
  'k\\s',
  'a',
  'ti',
  'Ti-1',
  '48000',
  'gold',
  'tortoise',
  '  ',
  'n  L',
  'CM-001Clubmaster',
  // The character joining a row's columns in PostgreSQL's searched texts matches across none of them.
  'Classic\u001fAcetate',
  'zzz',
];

beforeAll(async () => {
  api = await createTestApi();
  ({ ours, theirs, admin } = await twoBusinessesAndTheirOwner(api));
  for (const fixture of [ours, theirs]) {
    const model = await api.db
      .selectFrom('items')
      .select(['item_type_id', 'unit_of_measurement_id'])
      .where('id', '=', fixture.itemIds[0])
      .executeTakeFirstOrThrow();
    admin.businessId = fixture.businessId;
    for (const [index, [code, name, description]] of names.entries()) {
      const barcode = String(4_800_000_000_000 + index + fixture.businessId * 100);
      const created = await admin.post('/api/items', { ...model, code, name, description, barcode });
      expect(created.json).toMatchObject({ code });
    }
  }
  admin.businessId = ours.businessId;
});

afterAll(() => api.close());

// What the unindexed scan finds: active items of our business matching any column, newest first.
async function scanned(text: string, trashed: 'active' | 'all' = 'active'): Promise<number[]> {
  const dialect = dialectOf(api.db);
  let query = api.db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', ours.businessId)
    .where((eb) => eb.or(itemColumns.map((column) => containsText(dialect, column, text))));
  if (trashed === 'active') query = query.where('deleted_at', 'is', null);
  const rows = await query.orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

async function listed(text: string, extra = ''): Promise<{ ids: number[]; total: number }> {
  const answer = await admin.get(`/api/items?per_page=100&search=${encodeURIComponent(text)}${extra}`);
  const page = expectContract(answer, 200, ListItemsResponse);
  return { ids: page.data.map((item) => item.id), total: page.meta.total };
}

async function typeAhead(text: string): Promise<number[]> {
  const answer = await admin.get(`/api/items/search?limit=100&q=${encodeURIComponent(text)}`);
  return expectContract(answer, 200, SearchItemsResponse).map((item) => item.id);
}

describe('search through the index', () => {
  it('finds what the LIKE scan finds: case, accents, wildcards, quotes, spaces and every column', async () => {
    for (const text of texts) {
      const expected = await scanned(text);
      const found = await listed(text);
      expect({ text, ids: found.ids, total: found.total }).toEqual({ text, ids: expected, total: expected.length });
      expect({ text, ids: await typeAhead(text) }).toEqual({ text, ids: expected });
    }
    const clubs = await scanned('club');
    expect(clubs.length).toBe(3);
    // A page past the last still answers the exact total.
    const past = expectContract(await admin.get('/api/items?page=2&search=club'), 200, ListItemsResponse);
    expect({ ids: past.data, total: past.meta.total }).toEqual({ ids: [], total: 3 });
    expect((await scanned('100%')).length).toBe(1);
    expect((await scanned('r_s')).length).toBe(1);
  });

  it('pages a search in either order, each page the next slice of every match', async () => {
    const model = await api.db
      .selectFrom('items')
      .select(['item_type_id', 'unit_of_measurement_id'])
      .where('id', '=', ours.itemIds[0])
      .executeTakeFirstOrThrow();
    for (let index = 0; index < 32; index += 1) {
      const created = await admin.post('/api/items', {
        ...model,
        code: `PGW-${index}`,
        name: `Pagewise frame ${index}`,
      });
      expect(created.status).toBe(201);
    }
    const expected = await scanned('pagewise');
    expect(expected.length).toBe(32);
    for (const order of ['desc', 'asc'] as const) {
      const pages: number[][] = [];
      for (const page of [1, 2, 3]) {
        const answer = await admin.get(`/api/items?per_page=15&page=${page}&order_by=${order}&search=pagewise`);
        const listed = expectContract(answer, 200, ListItemsResponse);
        expect(listed.meta).toMatchObject({ total: 32, last_page: 3 });
        pages.push(listed.data.map((item) => item.id));
      }
      expect(pages.map((page) => page.length)).toEqual([15, 15, 2]);
      expect(pages.flat()).toEqual(order === 'desc' ? expected : [...expected].reverse());
    }
  });

  it('follows renames, soft deletes, restores and permanent deletes in the writing transaction', async () => {
    const [first] = await scanned('Clubmaster Classic');
    expect(first).toBeDefined();
    const renamed = await admin.patch(`/api/items/${first}`, { name: 'Wayfarer Classic' });
    expect(renamed.status).toBe(200);
    expect((await listed('Clubmaster Classic')).ids).toEqual([]);
    expect((await listed('Wayfarer Classic')).ids).toEqual([first]);

    expect((await admin.delete(`/api/items/${first}`)).status).toBe(200);
    expect((await listed('Wayfarer Classic')).ids).toEqual([]);
    expect(await listed('Wayfarer Classic', '&with_trashed=1')).toEqual({ ids: [first], total: 1 });
    expect(await scanned('Wayfarer Classic', 'all')).toEqual([first]);
    expect((await admin.patch(`/api/items/${first}/restore`)).status).toBe(200);
    expect((await listed('Wayfarer Classic')).ids).toEqual([first]);

    expect((await admin.delete(`/api/items/${first}`)).status).toBe(200);
    expect((await admin.delete(`/api/items/${first}/force-delete`)).status).toBe(204);
    expect(await listed('Wayfarer Classic', '&with_trashed=1')).toEqual({ ids: [], total: 0 });
    for (const text of ['Classic', 'club', 'rim']) expect((await listed(text)).ids).toEqual(await scanned(text));
  });

  it('searches stocks by their item code and name through the items index', async () => {
    const stocked = await scanned('Titanium');
    for (const [index, item] of stocked.entries()) {
      await posting(api.db, ours.businessId, (context) =>
        applyStockChanges(context, { type: 'test', id: index + 1, number: null }, [
          {
            itemId: item,
            location: { branch_id: ours.branchIds[0], warehouse_id: null },
            balance: 'on_hand',
            delta: 2_000,
            unitCost: 15_000,
            costEffect: 'receipt',
            field: 'quantity',
            documentLineId: null,
          },
        ]),
      );
    }
    const stockNames = async (text: string) => {
      const answer = await admin.get(`/api/stocks?search=${encodeURIComponent(text)}`);
      return expectContract(answer, 200, ListStocksResponse).data.map((stock) => stock.item_name);
    };
    expect(await stockNames('0% tI')).toEqual(['100% Titanium']);
    expect((await stockNames('TITAN')).sort()).toEqual(['100 Titanium', '100% Titanium']);
    expect(await stockNames('TI-10')).toHaveLength(2);
    expect(await stockNames('Weighs')).toEqual([]);
  });

  it('indexes a newly declared search column at the next start, and drops an undeclared one', async () => {
    const declared = searchIndexesOf(resources);
    const withNotes = declared.map((index) =>
      index.table === 'contacts' ? { ...index, columns: [...index.columns, 'address'] } : index,
    );
    await api.db
      .updateTable('contacts')
      .set({ address: 'Unit 7, Ayala Avenue' })
      .where('id', '=', ours.supplierId)
      .execute();
    await ensureSearchIndexes(api.db, withNotes);
    expect(await indexedColumns('contacts')).toContain('address');
    if (dialectOf(api.db) === 'sqlite') {
      const rows = await sql<{
        id: number;
      }>`SELECT -rowid AS id FROM contacts_fts WHERE contacts_fts MATCH ${'"aya" AND "ala"'}`.execute(api.db);
      expect(rows.rows.map((row) => row.id)).toEqual([ours.supplierId]);
    }
    await ensureSearchIndexes(api.db, declared);
    expect(await indexedColumns('contacts')).not.toContain('address');
  });
});

async function indexedColumns(table: string): Promise<string[]> {
  if (dialectOf(api.db) === 'postgres') {
    // From the catalogue, not pg_indexes: that view writes out the definition of every index in the database,
    // and another test's schema dropping one meanwhile fails it ("could not open relation").
    const rows = await sql<{ indexname: string }>`
      SELECT i.relname AS indexname FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_opclass o ON o.oid = x.indclass[0]
      WHERE n.nspname = current_schema() AND t.relname = ${table} AND o.opcname = 'gin_trgm_ops'`.execute(api.db);
    return rows.rows.map((row) => row.indexname.slice(table.length + 1, -'_trgm'.length)).sort();
  }
  const rows = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${`${table}_fts`})`.execute(api.db);
  return rows.rows.map((row) => row.name).sort();
}
