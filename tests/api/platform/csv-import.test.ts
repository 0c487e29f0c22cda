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

// docs/domain/README.md, Import: items, contacts, prices and opening stock from CSV; every row checked first, all rows
// written in one transaction or none.
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

function upload(prefix: string, rows: Record<string, string>[], dryRun = false, client = admin) {
  const csv = Papa.unparse(rows, { columns: [...new Set(rows.flatMap((row) => Object.keys(row)))] });
  return client.request('POST', `/api/${prefix}/import${dryRun ? '?dry_run=1' : ''}`, csv, {
    headers: { 'content-type': 'text/csv' },
  });
}

async function count(prefix: string, query = ''): Promise<number> {
  const answer = await admin.get(`/api/${prefix}?${query}`);
  return (answer.json as { meta: { total: number } }).meta.total;
}

const frame = (code: string, extra: Record<string, string> = {}) => ({
  code,
  name: `Imported frame ${code}`,
  brand: 'Ray-Ban',
  item_type: 'frame',
  unit_of_measurement: 'Piece',
  reorder_level: '2',
  sale_discounts: '2:5%, 5:10%',
  ...extra,
});

describe('importing items', () => {
  it('checks every row on a dry run and writes nothing', async () => {
    const before = await count('items');
    const answer = await upload('items', [frame('IMP-001'), frame('IMP-002')], true);
    expect(expectContract(answer, 200, ImportItemsResponse)).toEqual({ rows: 2, created: 0, dry_run: true });
    expect(await count('items')).toBe(before);
  });

  it('writes every row, finding related records by name, with discount tiers as the screens write them', async () => {
    const before = await count('items');
    const answer = await upload('items', [frame('IMP-001'), frame('IMP-002', { brand: '' })]);
    expect(expectContract(answer, 201, ImportItemsResponse)).toEqual({ rows: 2, created: 2, dry_run: false });
    expect(await count('items')).toBe(before + 2);
    const found = (await admin.get('/api/items?search=IMP-001')).json as {
      data: { brand_name: string | null; item_type_name: string; sale_discounts: unknown; reorder_level: number }[];
    };
    expect(found.data[0]).toMatchObject({
      brand_name: 'Ray-Ban',
      item_type_name: 'Frame',
      reorder_level: 2,
      sale_discounts: [
        { quantity: 2, discount_percent: 5 },
        { quantity: 5, discount_percent: 10 },
      ],
    });
  });

  it('names every bad cell by row (the header is row 1) and column, and writes none of the rows', async () => {
    const before = await count('items');
    const answer = await upload('items', [
      frame('IMP-100'),
      frame('IMP-001'),
      frame('IMP-101', { item_type: 'Telescope' }),
      frame('IMP-102', { reorder_level: 'many' }),
      frame('IMP-100'),
    ]);
    expect(answer.status).toBe(422);
    const { errors } = answer.json as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(
      ['rows.3.code', 'rows.4.item_type', 'rows.5.reorder_level', 'rows.6.code'].sort(),
    );
    expect(errors['rows.4.item_type']?.[0]).toContain('Telescope');
    expect(await count('items')).toBe(before);
  });

  it('refuses unknown and missing columns on the header row', async () => {
    const answer = await upload('items', [{ code: 'X-1', colour: 'red' }]);
    expect(answer.status).toBe(422);
    const { errors } = answer.json as { errors: Record<string, string[]> };
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['rows.1.colour', 'rows.1.name', 'rows.1.item_type', 'rows.1.unit_of_measurement']),
    );
  });

  it('needs create-items', async () => {
    const cashier = await api.signIn('cashier@spectacle.test', 'spectacle-demo');
    cashier.businessId = admin.businessId;
    expect((await upload('items', [frame('IMP-900')], false, cashier)).status).toBe(403);
  });

  it('offers a template whose header the import reads back', async () => {
    const template = await admin.get('/api/items/import/template');
    expect(template.status).toBe(200);
    const [header = [], example = []] = Papa.parse<string[]>(template.raw.body.trim()).data;
    expect(header).toEqual(expect.arrayContaining(['code', 'name', 'item_type', 'unit_of_measurement', 'brand']));
    const row = Object.fromEntries(header.map((column, index) => [column, example[index] ?? '']));
    expect((await upload('items', [{ ...row, code: 'TPL-1', barcode: '' }], true)).status).toBe(200);
  });
});

describe('imports speak the screen’s words (docs/domain/README.md, Import)', () => {
  it('takes Vatable, Two-week and 11/25/2026 as the screens write them, and names an unknown word with the allowed', async () => {
    const answer = await upload('items', [
      frame('WORDS-1', { tax_class: 'Vatable' }),
      frame('WORDS-2', { tax_class: 'VAT-exempt', modality: 'Two-week' }),
    ]);
    expect(answer.status).toBe(201);
    const items = (await admin.get('/api/items?search=WORDS-')).json as {
      data: { code: string; tax_class: string; modality: string | null }[];
    };
    const byCode = new Map(items.data.map((item) => [item.code, item]));
    expect(byCode.get('WORDS-1')?.tax_class).toBe('vatable');
    expect(byCode.get('WORDS-2')).toMatchObject({ tax_class: 'vat_exempt', modality: 'two_week' });

    const refused = await upload('items', [frame('WORDS-3', { tax_class: 'Taxable' })]);
    expect(refused.status).toBe(422);
    const errors = (refused.json as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toEqual(['rows.2.tax_class']);
    expect(errors['rows.2.tax_class']?.[0]).toContain('vatable, vat_exempt, zero_rated');

    const prices = await upload('sale-item-prices', [
      { item: 'WORDS-1', branch: '', unit_price: '1200', effective_date: '11/25/2026' },
    ]);
    expect(prices.status).toBe(201);
    const badDate = await upload('sale-item-prices', [
      { item: 'WORDS-1', branch: '', unit_price: '1200', effective_date: '25.11.2026' },
    ]);
    expect(Object.keys((badDate.json as { errors: object }).errors)).toEqual(['rows.2.effective_date']);
  });

  it('asks for the item a variant belongs to by its code, not an internal id', async () => {
    const template = await admin.get('/api/items/import/template');
    const [header = []] = Papa.parse<string[]>(template.raw.body.trim()).data;
    expect(header).not.toContain('variant_of_item_id');
    expect(header).toContain('variant_of_item');
  });
});

describe('importing contacts and prices', () => {
  it('imports contacts by contact type name', async () => {
    const before = await count('contacts');
    const answer = await upload('contacts', [
      { contact_type: 'Customer', name: 'Imported Patient', phone: '+63 917 000 0001' },
      { contact_type: 'Supplier', name: 'Imported Lab', email: 'lab@example.ph' },
    ]);
    expect(answer.status).toBe(201);
    expect(await count('contacts')).toBe(before + 2);
  });

  it('takes a mobile in any Philippine way of writing it, checked as the contact form checks it', async () => {
    const answer = await upload('contacts', [
      { contact_type: 'Customer', name: 'Mobile Dash Patient', mobile: '0917-123-4567' },
      { contact_type: 'Customer', name: 'Mobile Bad Patient', mobile: '12345' },
    ]);
    expect(answer.status).toBe(422);
    expect((answer.json as { errors: Record<string, string[]> }).errors).toEqual({
      'rows.3.mobile': ['The mobile number is a Philippine mobile number, as +63 917 123 4567 or 0917 123 4567.'],
    });
    const good = await upload('contacts', [
      { contact_type: 'Customer', name: 'Mobile Dash Patient', mobile: '0917-123-4567' },
      { contact_type: 'Customer', name: 'Mobile Plus Patient', mobile: '+63 918 765 4321' },
    ]);
    expect(good.status).toBe(201);
    const mobiles = (
      (await admin.get('/api/contacts?search=Mobile')).json as { data: { name: string; mobile: string | null }[] }
    ).data.map((contact) => [contact.name, contact.mobile]);
    expect(mobiles).toEqual(
      expect.arrayContaining([
        ['Mobile Dash Patient', '+639171234567'],
        ['Mobile Plus Patient', '+639187654321'],
      ]),
    );
  });

  it('exports the consents in words and imports them back: the contact round-trips', async () => {
    const customerType = (
      (await admin.get('/api/contact-types?search=Customer')).json as { data: { id: number; name: string }[] }
    ).data.find((type) => type.name === 'Customer')?.id;
    const made = await admin.post('/api/contacts', {
      contact_type_id: customerType,
      name: 'Consent Export Patient',
      mobile: '0917 222 3333',
      consents: { transactional: { given: false, how: 'verbal' }, reminders: { given: true, how: 'form' } },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const exported = await admin.request('GET', '/api/contacts?search=Consent%20Export%20Patient', undefined, {
      headers: { accept: 'text/csv' },
    });
    const [row] = Papa.parse<Record<string, string>>(exported.raw.body.trim(), { header: true }).data;
    expect(row).toMatchObject({ transactional_consent: 'Refused (verbal)', reminders_consent: 'Given (form)' });
    // What the import reads of the exported row, under the same column names.
    const template = await admin.get('/api/contacts/import/template');
    const [header = []] = Papa.parse<string[]>(template.raw.body.trim()).data;
    expect(header).toEqual(expect.arrayContaining(['mobile', 'transactional_consent', 'reminders_consent']));
    const again = Object.fromEntries(header.map((column) => [column, row?.[column] ?? '']));
    const answer = await upload('contacts', [{ ...again, name: 'Consent Import Patient' }]);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    const read = (
      (await admin.get('/api/contacts?search=Consent%20Import%20Patient')).json as {
        data: { mobile: string; consents: Record<string, { given: boolean; how: string | null }> }[];
      }
    ).data[0];
    expect(read?.mobile).toBe('+639172223333');
    expect(read?.consents.transactional).toMatchObject({ given: false, how: 'verbal' });
    expect(read?.consents.reminders).toMatchObject({ given: true, how: 'form' });

    // A consent changed from where a new contact starts needs how it was given; a word the import cannot read is named.
    const unclear = await upload('contacts', [
      { contact_type: 'Customer', name: 'Consent Unclear Patient', reminders_consent: 'Given' },
      { contact_type: 'Customer', name: 'Consent Odd Patient', transactional_consent: 'Maybe' },
    ]);
    expect(unclear.status).toBe(422);
    expect(Object.keys((unclear.json as { errors: object }).errors).sort()).toEqual([
      'rows.2.reminders_consent',
      'rows.3.transactional_consent',
    ]);
  });

  it('reads a file Excel saved as Windows-1252, and UTF-8 with or without a byte-order mark', async () => {
    const header = 'contact_type,name,phone,address\r\n';
    // Excel's plain "CSV" on Windows: ñ is the byte F1 and the en dash 96, neither valid UTF-8.
    const windows = Buffer.from(`${header}Customer,Peña Optical Patient,,Blk 5 \u0096 Lot 7\r\n`, 'latin1');
    const withBom = Buffer.from(`\uFEFF${header}Customer,Niño BOM Patient,,Quezon City\r\n`, 'utf8');
    const plain = Buffer.from(`${header}Customer,Señora UTF Patient,,Cebu City\r\n`, 'utf8');
    for (const file of [windows, withBom, plain]) {
      const answer = await admin.request('POST', '/api/contacts/import', file, {
        headers: { 'content-type': 'text/csv' },
      });
      expect(answer.status).toBe(201);
    }
    const names = async (search: string) =>
      (
        (await admin.get(`/api/contacts?search=${encodeURIComponent(search)}`)).json as {
          data: { name: string; address: string | null }[];
        }
      ).data.map((contact) => [contact.name, contact.address]);
    expect(await names('Optical Patient')).toEqual([['Peña Optical Patient', 'Blk 5 – Lot 7']]);
    expect(await names('BOM Patient')).toEqual([['Niño BOM Patient', 'Quezon City']]);
    expect(await names('UTF Patient')).toEqual([['Señora UTF Patient', 'Cebu City']]);
  });

  it('imports an exported cell as it was, without the apostrophe export put before + or =', async () => {
    const answer = await upload('contacts', [
      {
        contact_type: 'Customer',
        name: 'Round Trip Patient',
        phone: "'+63 917 000 0002",
        address: "'Quoted on purpose",
      },
    ]);
    expect(answer.status).toBe(201);
    const found = (await admin.get('/api/contacts?search=Round%20Trip%20Patient')).json as {
      data: { phone: string | null; address: string | null }[];
    };
    expect(found.data.map((contact) => [contact.phone, contact.address])).toEqual([
      ['+63 917 000 0002', "'Quoted on purpose"],
    ]);
  });

  it('imports sale and purchase prices by item code, branch and supplier', async () => {
    const sale = await upload('sale-item-prices', [
      { item: 'IMP-001', branch: 'Makati Branch', unit_price: '7990', effective_date: '2026-11-01' },
      { item: 'IMP-001', branch: '', unit_price: '8490', effective_date: '2026-11-01' },
    ]);
    expect(sale.status).toBe(201);
    const purchase = await upload('purchase-item-prices', [
      { item: 'IMP-001', contact: 'Imported Lab', unit_cost: '3200', effective_date: '2026-11-01' },
    ]);
    expect(purchase.status).toBe(201);
    const refused = await upload('sale-item-prices', [
      { item: 'NO-SUCH-CODE', branch: '', unit_price: '1', effective_date: '2026-11-01' },
    ]);
    expect(Object.keys((refused.json as { errors: object }).errors)).toEqual(['rows.2.item']);
  });
});

describe('importing opening stock', () => {
  it('posts the rows through the ledger as receive orders, one per location and supplier', async () => {
    const receivesBefore = await count('receive-orders');
    const answer = await upload('stocks', [
      { item: 'IMP-001', warehouse: 'Central Warehouse', quantity: '12', unit_cost: '3000' },
      { item: 'IMP-002', warehouse: 'Central Warehouse', quantity: '5', unit_cost: '2500' },
      { item: 'IMP-001', branch: 'Makati Branch', quantity: '3', unit_cost: '3000' },
    ]);
    expect(answer.status).toBe(201);
    expect((answer.json as { created: number }).created).toBe(2);
    expect(await count('receive-orders')).toBe(receivesBefore + 2);
    const stocks = (await admin.get('/api/stocks?search=IMP-001')).json as {
      data: { quantity_on_hand: number; warehouse_id: number | null; branch_id: number | null }[];
    };
    expect(stocks.data.map((stock) => stock.quantity_on_hand).sort((a, b) => a - b)).toEqual([3, 12]);
  });

  it('refuses a row with neither or both locations, or a quantity of nothing, and posts none', async () => {
    const receivesBefore = await count('receive-orders');
    const answer = await upload('stocks', [
      { item: 'IMP-002', warehouse: 'Central Warehouse', branch: '', quantity: '1' },
      { item: 'IMP-002', warehouse: '', branch: '', quantity: '1' },
      { item: 'IMP-002', warehouse: 'Central Warehouse', branch: '', quantity: '0' },
    ]);
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors).sort()).toEqual([
      'rows.3.warehouse',
      'rows.4.quantity',
    ]);
    expect(await count('receive-orders')).toBe(receivesBefore);
  });

  it('takes any number of rows at one location: 450 rows become as many receive orders as the lines need', {
    timeout: 120_000,
  }, async () => {
    const receivesBefore = await count('receive-orders');
    const stockOf = async () => {
      const stocks = (await admin.get('/api/stocks?search=IMP-002')).json as {
        data: { quantity_on_hand: number; branch_id: number | null }[];
      };
      return stocks.data.find((stock) => stock.branch_id !== null)?.quantity_on_hand ?? 0;
    };
    const before = await stockOf();
    const rows = Array.from({ length: 450 }, () => ({
      item: 'IMP-002',
      branch: 'Makati Branch',
      quantity: '1',
      unit_cost: '2500',
    }));
    const answer = await upload('stocks', rows);
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ rows: 450, created: 3 });
    expect(await count('receive-orders')).toBe(receivesBefore + 3);
    expect(await stockOf()).toBe(before + 450);
  });
});
