import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import { manilaTimestamp } from '../../../server/domain/business-date.ts';
import { exportColumnKinds as kinds } from '../../../server/engine/contract-fields.ts';
import { codeWords } from '../../../server/engine/csv-export.ts';
import { loadContractDocument } from '../../../server/http/contract-document.ts';
import { formulaCell } from '../../../server/http/csv-text.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// docs/domain/README.md, Export: every list answers CSV with `Accept: text/csv`, with the same filters, every page.
// A paged list is a `list…` operation; a read of a range with a CSV answer of its own (the e-journal) is not one.
const contract = loadContractDocument(new URL('../../../openapi.yaml', import.meta.url).pathname) as {
  paths: Record<
    string,
    { get?: { operationId?: string; responses: Record<string, { content?: Record<string, unknown> }> } }
  >;
};
const exportedPrefixes = Object.entries(contract.paths)
  .filter(
    ([path, item]) =>
      /^\/api\/[a-z-]+$/.test(path) &&
      item.get?.operationId?.startsWith('list') &&
      item.get.responses['200']?.content?.['text/csv'],
  )
  .map(([path]) => path.slice('/api/'.length));

type Page = { data: Record<string, unknown>[]; meta: { total: number; last_page: number } };

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

async function csv(url: string): Promise<{ status: number; type: string; rows: string[][] }> {
  const answer = await admin.get(url, { headers: { accept: 'text/csv' } });
  const parsed = Papa.parse<string[]>(answer.raw.body.trim(), { skipEmptyLines: true });
  return { status: answer.status, type: String(answer.headers['content-type']), rows: parsed.data };
}

// Every record of every page of the JSON list, in the list's order.
async function allPages(path: string): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const answer = await admin.get(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
    const body = answer.json as Page;
    records.push(...body.data);
    if (page >= body.meta.last_page) return records;
  }
}

describe('CSV export of every list', () => {
  it('declares CSV on every list of the contract', () => {
    expect(exportedPrefixes.length).toBeGreaterThanOrEqual(29);
  });

  for (const prefix of exportedPrefixes) {
    it(`exports every ${prefix} record of every page, as the JSON list has them`, async () => {
      const records = await allPages(`/api/${prefix}`);
      const exported = await csv(`/api/${prefix}`);
      expect(exported.status).toBe(200);
      expect(exported.type).toContain('text/csv');
      const [header = [], ...rows] = exported.rows;
      expect(header).toContain('id');
      // A document with lines has a row per line (docs/domain/README.md, Export), one without a line still its own.
      const perLine = header.includes('line');
      const rowsOf = (record: Record<string, unknown>) =>
        perLine && Array.isArray(record.lines) ? Math.max(1, record.lines.length) : 1;
      expect(rows).toHaveLength(records.reduce((sum, record) => sum + rowsOf(record), 0));
      const idColumn = header.indexOf('id');
      expect(rows.map((row) => Number(row[idColumn]))).toEqual(
        records.flatMap((record) => Array.from({ length: rowsOf(record) }, () => record.id)),
      );
      // No internal ids or audit columns (docs/domain/README.md, Export); the record's own fields read as the JSON has them,
      // money with two decimals and timestamps as a Manila clock reads them.
      expect(header.filter((column) => column !== 'id' && /(^|\.|_)id$/.test(column))).toEqual([]);
      expect(header).not.toContain('created_by');
      expect(header).not.toContain('updated_by');
      const first = records[0];
      if (first) {
        for (const [column, value] of Object.entries(first)) {
          if (value === null || typeof value === 'object' || !header.includes(column)) continue;
          const cell = rows[0]?.[header.indexOf(column)] ?? '';
          // A moment reads in Manila's time, whether named *_at or not (a text's send_after).
          if (column.endsWith('_at') || (typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)))
            expect(cell, `${prefix}.${column}`).toBe(manilaTimestamp(new Date(String(value))));
          else if (kinds(prefix).get(column) === 'word')
            expect(cell, `${prefix}.${column}`).toBe(codeWords(String(value)));
          else if (typeof value === 'number' && /^-?\d+\.\d\d$/.test(cell)) expect(Number(cell)).toBe(value);
          else {
            const text = String(value);
            const guarded = typeof value === 'string' && formulaCell.test(text) ? `'${text}` : text;
            expect(cell, `${prefix}.${column}`).toBe(guarded);
          }
        }
      }
    });
  }

  it('reads like the screen: an invoice names its customer and branch, money in two decimals, Manila time', async () => {
    const [invoice] = await allPages('/api/invoices?order_by=asc');
    const exported = await csv('/api/invoices?order_by=asc');
    const [header = [], first = []] = exported.rows;
    const cell = (column: string) => first[header.indexOf(column)];
    expect(header).toEqual(expect.arrayContaining(['customer', 'branch', 'number', 'invoice_date', 'total']));
    expect(header).not.toContain('business_id');
    expect(header).not.toContain('contact_id');
    expect(cell('customer')).toBe(invoice?.contact_name);
    expect(cell('branch')).toBe(invoice?.location_name ?? invoice?.branch_name);
    expect(cell('total')).toMatch(/^\d+\.\d{2}$/);
    expect(cell('invoice_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cell('created_at')).toBe(manilaTimestamp(new Date(String(invoice?.created_at))));
    expect(manilaTimestamp(new Date('2026-11-21T08:00:00Z'))).toBe('2026-11-21 16:00:00');
    expect(cell('created_at')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('has a row per line of each document, the status and tax class in words', async () => {
    type Line = {
      item_name: string;
      item_code: string;
      quantity: number;
      unit_price: number;
      amount: number;
      tax_class: string;
    };
    const invoices = (await allPages('/api/invoices?order_by=asc')) as (Record<string, unknown> & { lines: Line[] })[];
    const invoice = invoices.find((candidate) => candidate.lines.length >= 2);
    if (!invoice) throw new Error('The demo has no invoice of two lines.');
    const exported = await csv(`/api/invoices?order_by=asc&search=${String(invoice.number)}`);
    const [header = [], ...rows] = exported.rows;
    expect(header).toEqual(
      expect.arrayContaining([
        'line',
        'line.item',
        'line.item_code',
        'line.quantity',
        'line.unit_price',
        'line.amount',
      ]),
    );
    expect(header.filter((column) => column.startsWith('line.') && /(_id|\.id)$/.test(column))).toEqual([]);
    const mine = rows.filter((row) => row[header.indexOf('number')] === invoice.number);
    expect(mine).toHaveLength(invoice.lines.length);
    const cell = (row: string[] | undefined, column: string) => row?.[header.indexOf(column)];
    invoice.lines.forEach((line, index) => {
      const row = mine[index];
      expect(cell(row, 'line')).toBe(String(index + 1));
      expect(cell(row, 'line.item')).toBe(line.item_name);
      expect(cell(row, 'line.item_code')).toBe(line.item_code);
      expect(Number(cell(row, 'line.quantity'))).toBe(line.quantity);
      expect(cell(row, 'line.unit_price')).toBe(line.unit_price.toFixed(2));
      expect(cell(row, 'line.amount')).toBe(line.amount.toFixed(2));
      expect(cell(row, 'line.tax_class')).toBe(
        { vatable: 'VATable', vat_exempt: 'VAT-exempt', zero_rated: 'Zero-rated' }[line.tax_class],
      );
      // The document's own cells stand on each of its rows.
      expect(cell(row, 'customer')).toBe(invoice.contact_name);
      expect(cell(row, 'total')).toBe(Number(invoice.total).toFixed(2));
      expect(cell(row, 'status')).toBe(
        { paid: 'Paid', unpaid: 'Unpaid', partially_paid: 'Partially paid' }[String(invoice.status)],
      );
    });
    const partly = await csv('/api/invoices?status=partially_paid');
    const status = partly.rows[0]?.indexOf('status') ?? -1;
    expect(new Set(partly.rows.slice(1).map((row) => row[status]))).toEqual(
      partly.rows.length > 1 ? new Set(['Partially paid']) : new Set(),
    );
  });

  it('applies the list filters and search, and the order', async () => {
    const found = await allPages('/api/items?search=Ray-Ban&order_by=asc');
    expect(found.length).toBeGreaterThan(0);
    const exported = await csv('/api/items?search=Ray-Ban&order_by=asc');
    const [header = [], ...rows] = exported.rows;
    expect(rows.map((row) => Number(row[header.indexOf('id')]))).toEqual(found.map((item) => item.id));
    const paid = await csv('/api/invoices?status=paid');
    const statusColumn = paid.rows[0]?.indexOf('status') ?? -1;
    expect(paid.rows.length).toBeGreaterThan(1);
    expect(new Set(paid.rows.slice(1).map((row) => row[statusColumn]))).toEqual(new Set(['Paid']));
  });

  it('answers a header row when nothing matches, and a 422 for a bad filter', async () => {
    const none = await csv('/api/brands?search=no-such-brand-anywhere');
    expect(none.status).toBe(200);
    expect(none.rows).toHaveLength(1);
    expect(none.rows[0]).toEqual(expect.arrayContaining(['id', 'name', 'deleted_at']));
    const bad = await admin.get('/api/invoices?status=nonsense', { headers: { accept: 'text/csv' } });
    expect(bad.status).toBe(422);
  });

  it('keeps the permission and the business of the list', async () => {
    const cashier = await api.signIn('cashier@spectacle.test', 'spectacle-demo');
    cashier.businessId = admin.businessId;
    expect((await cashier.get('/api/users', { headers: { accept: 'text/csv' } })).status).toBe(403);
  });
});

describe('CSV cells a spreadsheet would run', () => {
  it('prefixes text beginning with =, +, -, @, a tab or a carriage return with an apostrophe', async () => {
    const types = (await admin.get('/api/contact-types?search=Customer')).json as Page;
    const contactTypeId = types.data[0]?.id;
    const created = await admin.post('/api/contacts', {
      contact_type_id: contactTypeId,
      name: '=HYPERLINK("http://evil.example","Refund")',
      phone: '+63 917 555 0101',
      address: "-2+3+cmd|' /C calc'!A0",
      email: null,
    });
    expect(created.status).toBe(201);
    const others = [
      { name: "@SUM(1+1)*cmd|' /C calc'!A0", address: '\t=1+1' },
      { name: '-Plain Number Customer', address: '-12.50' },
    ];
    for (const other of others) {
      expect((await admin.post('/api/contacts', { contact_type_id: contactTypeId, ...other })).status).toBe(201);
    }
    const exported = await csv('/api/contacts?order_by=desc');
    const [header = [], ...rows] = exported.rows;
    const cells = (row: number, column: string) => rows[row]?.[header.indexOf(column)];
    expect(cells(2, 'name')).toBe(`'=HYPERLINK("http://evil.example","Refund")`);
    expect(cells(2, 'phone')).toBe(`'+63 917 555 0101`);
    expect(cells(2, 'address')).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(cells(1, 'name')).toBe(`'@SUM(1+1)*cmd|' /C calc'!A0`);
    expect(cells(1, 'address')).toBe(`'\t=1+1`);
    expect(cells(0, 'name')).toBe(`'-Plain Number Customer`);
    // A plain number runs nothing: it stays a number the spreadsheet can add up.
    expect(cells(0, 'address')).toBe('-12.50');
  });

  it('leaves plain numbers, signed or not, as they are', () => {
    const line = Papa.unparse([[-12.5, '-12.50', '+1,250.00', 42, '-', '+63 917', '\r=1+1']], {
      escapeFormulae: formulaCell,
    });
    expect(line).toBe(`-12.5,-12.50,"+1,250.00",42,"'-","'+63 917","'\r=1+1"`);
  });
});
