import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateInvoiceResponse, ListInvoicesResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import { CreateItemResponse, ListItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { type LedgerFixture, twoBusinessesAndTheirOwner } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// The unfiltered list answers its total from the trigger-kept `record_counts`; a filtered list counts its rows.
// These tests hold the first to the second, and to the table itself, after every kind of write.

let api: TestApi;
let admin: TestClient;
let ours: LedgerFixture;
let theirs: LedgerFixture;

beforeAll(async () => {
  api = await createTestApi();
  ({ ours, theirs, admin } = await twoBusinessesAndTheirOwner(api));
});

afterAll(() => api.close());

// `everything` is a filter that every row of the business passes, so that the list counts its rows.
type Listed = {
  prefix: 'items' | 'invoices';
  table: 'items' | 'invoices';
  everything: (fixture: LedgerFixture) => Promise<string>;
};

const items: Listed = {
  prefix: 'items',
  table: 'items',
  everything: async (fixture) => `unit_of_measurement_id=${(await itemModel(fixture)).unit_of_measurement_id}`,
};
const invoices: Listed = {
  prefix: 'invoices',
  table: 'invoices',
  everything: async () => 'invoice_date_from=2000-01-01',
};

const trashModes = ['', 'with_trashed=1', 'only_trashed=1'] as const;
type TrashMode = (typeof trashModes)[number];

function as(fixture: LedgerFixture): TestClient {
  admin.businessId = fixture.businessId;
  return admin;
}

async function listPage(listed: Listed, query: string) {
  const answer = await admin.get(`/api/${listed.prefix}?${query}`);
  const schema = listed.prefix === 'items' ? ListItemsResponse : ListInvoicesResponse;
  return expectContract(answer, 200, schema);
}

// Every id the list shows when walked page by page with a filter that matches every row.
async function pagedIds(listed: Listed, fixture: LedgerFixture, mode: TrashMode): Promise<number[]> {
  const everything = await listed.everything(fixture);
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const query = [everything, mode, 'per_page=15', `page=${page}`].filter(Boolean).join('&');
    const answer = await listPage(listed, query);
    ids.push(...answer.data.map((record) => record.id));
    if (answer.links.next === null) return ids;
  }
}

async function rowsInTable(listed: Listed, fixture: LedgerFixture, mode: TrashMode): Promise<number> {
  let query = api.db
    .selectFrom(listed.table)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('business_id', '=', fixture.businessId);
  if (mode === '') query = query.where('deleted_at', 'is', null);
  if (mode === 'only_trashed=1') query = query.where('deleted_at', 'is not', null);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

// The unfiltered totals of one business in each trash mode, checked against the paged rows and the table.
async function exactTotals(listed: Listed, fixture: LedgerFixture): Promise<Record<TrashMode, number>> {
  as(fixture);
  const totals = {} as Record<TrashMode, number>;
  for (const mode of trashModes) {
    const unfiltered = (await listPage(listed, mode)).meta.total;
    const ids = await pagedIds(listed, fixture, mode);
    const label = `${listed.prefix} ${mode || 'active'}`;
    expect(new Set(ids).size, label).toBe(ids.length);
    expect(unfiltered, label).toBe(ids.length);
    expect(unfiltered, label).toBe(await rowsInTable(listed, fixture, mode));
    totals[mode] = unfiltered;
  }
  expect(totals['with_trashed=1']).toBe(totals[''] + totals['only_trashed=1']);
  return totals;
}

// The type and unit of the fixture's frame, which every item of a business here shares.
function itemModel(fixture: LedgerFixture) {
  return api.db
    .selectFrom('items')
    .select(['item_type_id', 'unit_of_measurement_id'])
    .where('id', '=', fixture.itemIds[0])
    .executeTakeFirstOrThrow();
}

async function itemBody(fixture: LedgerFixture, code: string) {
  return { code, name: `Frame ${code}`, ...(await itemModel(fixture)) };
}

async function createItem(fixture: LedgerFixture, code: string): Promise<number> {
  const body = await itemBody(fixture, code);
  return expectContract(await as(fixture).post('/api/items', body), 201, CreateItemResponse).id;
}

async function createInvoice(fixture: LedgerFixture): Promise<number> {
  const created = expectContract(
    await as(fixture).post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: fixture.branchIds[0],
      invoice_date: '2026-11-21',
      lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 500 }],
    }),
    201,
    CreateInvoiceResponse,
  );
  return created.id;
}

describe('list totals kept by triggers', () => {
  it('stay exact for items through creates, soft deletes, restores and permanent deletes', async () => {
    for (let n = 0; n < 3; n++) await createItem(theirs, `THEIRS-${n}`);
    const theirTotals = await exactTotals(items, theirs);

    const ids: number[] = [];
    for (let n = 0; n < 20; n++) ids.push(await createItem(ours, `OURS-${n}`));
    expect(await exactTotals(items, ours)).toEqual({ '': 24, 'with_trashed=1': 24, 'only_trashed=1': 0 });

    as(ours);
    for (const id of ids.slice(0, 6)) expect((await admin.delete(`/api/items/${id}`)).status).toBe(200);
    expect((await admin.patch(`/api/items/${ids[0]}/restore`)).status).toBe(200);
    for (const id of ids.slice(1, 3)) expect((await admin.delete(`/api/items/${id}/force-delete`)).status).toBe(204);
    // A refused write changes no total: a duplicate code, and a permanent delete of an active item.
    expect((await admin.post('/api/items', await itemBody(ours, 'OURS-5'))).status).toBe(422);
    expect((await admin.delete(`/api/items/${ids[10]}/force-delete`)).status).toBe(409);

    expect(await exactTotals(items, ours)).toEqual({ '': 19, 'with_trashed=1': 22, 'only_trashed=1': 3 });
    expect(await exactTotals(items, theirs)).toEqual(theirTotals);
  });

  it('stay exact for invoices posted, voided, restored, refused and deleted for good', async () => {
    await createInvoice(theirs);
    const theirTotals = await exactTotals(invoices, theirs);

    const ids: number[] = [];
    for (let n = 0; n < 17; n++) ids.push(await createInvoice(ours));
    as(ours);
    for (const id of ids.slice(0, 5)) expect((await admin.delete(`/api/invoices/${id}`)).status).toBe(200);
    expect((await admin.patch(`/api/invoices/${ids[0]}/restore`)).status).toBe(200);
    for (const id of ids.slice(1, 3)) {
      expect((await admin.delete(`/api/invoices/${id}/force-delete`)).status).toBe(204);
    }
    // The frame has no stock at the branch, so the posting is refused and the invoice row it wrote rolls back.
    const refused = await admin.post('/api/invoices', {
      contact_id: ours.customerId,
      branch_id: ours.branchIds[0],
      invoice_date: '2026-11-21',
      lines: [{ item_id: ours.itemIds[0], quantity: 1, unit_price: 500 }],
    });
    expect(refused.status).toBe(422);

    expect(await exactTotals(invoices, ours)).toEqual({ '': 13, 'with_trashed=1': 15, 'only_trashed=1': 2 });
    expect(await exactTotals(invoices, theirs)).toEqual(theirTotals);
  });
});
