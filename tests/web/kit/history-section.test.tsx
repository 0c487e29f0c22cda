// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetBrandResponseMock } from '../../../generated/hooks/brands/brands.msw.ts';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { getGetQuotationResponseMock } from '../../../generated/hooks/quotations/quotations.msw.ts';
import { getGetUserResponseMock } from '../../../generated/hooks/users/users.msw.ts';
import type { RecordHistory } from '../../../generated/model/index.ts';
import { cashSessions } from '../../../src/areas/cash/cash-sessions.ts';
import { jobOrders } from '../../../src/areas/eye-care/job-orders.ts';
import { prescriptions } from '../../../src/areas/eye-care/prescriptions.ts';
import { stockCounts } from '../../../src/areas/logistics/stock-counts.ts';
import { users } from '../../../src/areas/management/users.ts';
import { purchaseOrders } from '../../../src/areas/purchasing/purchase-orders.ts';
import { creditMemos } from '../../../src/areas/sales/credit-memos.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { formatDate, formatTimestamp } from '../../../src/format/date.ts';
import { formatMoney } from '../../../src/format/money.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { resourceByKey } from '../../../src/resources/registry.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { changeLines, fieldLooks } from '../../../src/screens/view/history-changes.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// Brands have no definition file: theirs follows from the registry entry (src/app/definitions.ts).
const brands = resourceByKey('brands');

withMockServer();

beforeEach(() => {
  storeUser(mockUser.user);
});

async function renderView(resource: ResourceDefinition, heading: string) {
  const api = await resource.load();
  renderRoutes(
    [{ path: `/${resource.key}/:id`, element: <ViewScreen resource={resource} api={api} /> }],
    `/${resource.key}/12`,
  );
  await screen.findByRole('heading', { name: heading });
  return screen.findByRole('table', { name: 'History' });
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('the History section of a view screen', () => {
  it('lists who did what and when, newest first, with the changed fields by their labels', async () => {
    const history: RecordHistory = [
      { at: '2026-11-21T09:30:00.000Z', user_id: 2, user_name: 'Bea Clerk', action: 'restored', changes: {} },
      {
        at: '2026-11-21T08:15:00.000Z',
        user_id: 1,
        user_name: 'Ana Administrator',
        action: 'updated',
        changes: { name: ['Oakley', 'Oakley Eyewear'], description: [null, 'Sport frames'] },
      },
      {
        at: '2026-11-20T07:00:00.000Z',
        user_id: 1,
        user_name: 'Ana Administrator',
        action: 'created',
        changes: { name: [null, 'Oakley'] },
      },
    ];
    server.use(
      http.get('*/api/brands/:id', ({ params }) =>
        HttpResponse.json(getGetBrandResponseMock({ id: Number(params.id), name: 'Oakley', deleted_at: null })),
      ),
      http.get('*/api/brands/:id/history', () => HttpResponse.json(history)),
    );
    const table = await renderView(brands, 'Brand Oakley');
    await within(table).findByText('Restored');
    expect(rowsOf(table)).toEqual([
      [formatTimestamp('2026-11-21T09:30:00.000Z'), 'Bea Clerk', 'Restored', ''],
      [
        formatTimestamp('2026-11-21T08:15:00.000Z'),
        'Ana Administrator',
        'Updated',
        'Name: Oakley → Oakley EyewearDescription: — → Sport frames',
      ],
      [formatTimestamp('2026-11-20T07:00:00.000Z'), 'Ana Administrator', 'Created', 'Name: Oakley'],
    ]);
  });

  it('shows a document status moved by another document, and a supplier change by name', async () => {
    const history: RecordHistory = [
      {
        at: '2026-11-21T09:30:00.000Z',
        user_id: 2,
        user_name: 'Bea Clerk',
        action: 'status',
        changes: { status: ['open', 'partially_received'] },
      },
      {
        at: '2026-11-21T08:15:00.000Z',
        user_id: 1,
        user_name: 'Ana Administrator',
        action: 'updated',
        changes: {
          contact_id: [3, 4],
          contact_name: ['Lens Supply Co.', 'Frame House'],
          total: [5000, 4500.5],
          lines: [
            [{ id: 7, item_id: 1, item_name: 'Oakley Holbrook', quantity: 2, unit_cost: 1200 }],
            [
              { id: 9, item_id: 1, item_name: 'Oakley Holbrook', quantity: 2, unit_cost: 1100 },
              { id: 10, item_id: 2, item_name: 'Lens Cloth', quantity: 5, unit_cost: 50 },
            ],
          ],
        },
      },
    ];
    server.use(
      http.get('*/api/purchase-orders/:id', ({ params }) =>
        HttpResponse.json(
          getGetPurchaseOrderResponseMock({ id: Number(params.id), number: 'PO-0001', deleted_at: null }),
        ),
      ),
      http.get('*/api/purchase-orders/:id/history', () => HttpResponse.json(history)),
    );
    const table = await renderView(purchaseOrders, 'Purchase Order PO-0001');
    await within(table).findByText('Status changed');
    const [moved, edited] = rowsOf(table);
    expect(moved?.slice(1)).toEqual(['Bea Clerk', 'Status changed', 'Status: Open → Partially received']);
    expect(edited?.[3]).toContain('Supplier: Lens Supply Co. → Frame House');
    expect(edited?.[3]).not.toContain('Contact id');
    // A price changed on a line is named with its line, field and both amounts; a line added reads as what it is.
    expect(edited?.[3]).toContain(`Line 1 · Unit Cost: ${formatMoney(1200)} → ${formatMoney(1100)}`);
    expect(edited?.[3]).toContain('Line 2: — → Lens Cloth × 5');
    expect(edited?.[3]).not.toContain('lines');
    expect(edited?.[3]).toContain(`Total: ${formatMoney(5000)} → ${formatMoney(4500.5)}`);
  });

  it("reads an invoice's changes as the screens show them: dates, money, the discount and the quotation by name", async () => {
    const history: RecordHistory = [
      {
        at: '2026-11-21T08:15:00.000Z',
        user_id: 1,
        user_name: 'Ana Administrator',
        action: 'updated',
        changes: {
          invoice_date: ['2026-11-20', '2026-11-21'],
          quotation_id: [null, 5],
          job_order_id: [null, 7],
          branch_id: [1, 2],
          branch_name: ['Makati Branch', 'Quezon City Branch'],
          special_discount: [
            null,
            {
              program_id: 1,
              program_name: 'Senior Citizen',
              percent: 20,
              holder_name: 'Lola Basyang',
              holder_id_number: 'OSCA-0001',
            },
          ],
          total: [8990, 6421.43],
        },
      },
    ];
    server.use(
      http.get('*/api/invoices/:id', ({ params }) =>
        HttpResponse.json(getGetInvoiceResponseMock({ id: Number(params.id), number: 'I-0012', deleted_at: null })),
      ),
      http.get('*/api/invoices/:id/history', () => HttpResponse.json(history)),
      http.get('*/api/quotations/:id', ({ params }) =>
        HttpResponse.json(getGetQuotationResponseMock({ id: Number(params.id), number: 'Q-0005', deleted_at: null })),
      ),
      http.get('*/api/job-orders/:id', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
    );
    const table = await renderView(invoices, 'Invoice I-0012');
    await within(table).findByText(/Quotation: — → Q-0005/);
    const [edited] = rowsOf(table);
    const changes = edited?.[3] ?? '';
    expect(changes).toContain(`Date: ${formatDate('2026-11-20')} → ${formatDate('2026-11-21')}`);
    expect(changes).toContain('Branch: Makati Branch → Quezon City Branch');
    expect(changes).toContain('SC/PWD Holder: — → Lola Basyang, Senior Citizen ID OSCA-0001');
    expect(changes).toContain(`Amount due: ${formatMoney(8990)} → ${formatMoney(6421.43)}`);
    // A record the user cannot open stays its number.
    expect(changes).toContain('Job Order: — → #7');
    expect(changes).not.toMatch(/[{}"]/);
  });

  it("names a user's businesses, not their ids", async () => {
    const history: RecordHistory = [
      {
        at: '2026-11-21T08:15:00.000Z',
        user_id: 1,
        user_name: 'Ana Administrator',
        action: 'updated',
        changes: { business_ids: [[1], [1, 2]] },
      },
    ];
    const names = ['Spectacle Makati', 'Spectacle Cebu'];
    server.use(
      http.get('*/api/users/:id', ({ params }) =>
        HttpResponse.json(getGetUserResponseMock({ id: Number(params.id), name: 'Bea Clerk', deleted_at: null })),
      ),
      http.get('*/api/users/:id/history', () => HttpResponse.json(history)),
      http.get('*/api/businesses/:id', ({ params }) =>
        HttpResponse.json(
          getGetBusinessResponseMock({ id: Number(params.id), name: names[Number(params.id) - 1], deleted_at: null }),
        ),
      ),
    );
    const table = await renderView(users, 'User Bea Clerk');
    expect(
      await within(table).findByText('Businesses: Spectacle Makati → Spectacle Makati, Spectacle Cebu'),
    ).toBeTruthy();
  });

  it("reads a credit memo's choices in the words of its form, never their stored values", () => {
    const lines = changeLines(
      { reason: [null, 'defective'], settlement: [null, 'store_credit'], refund_method: ['cash', 'e_wallet'] },
      fieldLooks(creditMemos),
      creditMemos,
    );
    expect(lines.map((line) => [line.label, line.from, line.to])).toEqual([
      ['Reason', { text: '—' }, { text: 'Defective' }],
      ['Settle the Excess as', { text: '—' }, { text: 'Store credit' }],
      ['Refund Method', { text: 'Cash' }, { text: 'E-Wallet' }],
    ]);
  });

  it("names who closed a drawer by name and a count's scope by its records, never by ids", () => {
    const closed = changeLines(
      { status: ['open', 'closed'], closed_by: [null, 2], closed_by_name: [null, 'Bea Clerk'] },
      fieldLooks(cashSessions),
      cashSessions,
    );
    expect(closed.map((line) => [line.label, line.to])).toEqual([
      [expect.any(String), expect.anything()],
      ['Closed By', { text: 'Bea Clerk' }],
    ]);
    const empty = { item_type_ids: [], brand_ids: [], item_classification_ids: [], item_ids: [] };
    const scoped = changeLines(
      { scope: [empty, { ...empty, brand_ids: [4], item_ids: [3, 5] }] },
      fieldLooks(stockCounts),
      stockCounts,
    );
    expect(scoped.map((line) => [line.from, line.to])).toEqual([
      [
        { text: 'All' },
        {
          groups: [
            { label: 'Brands', resource: 'brands', ids: [4] },
            { label: 'Items', resource: 'items', ids: [3, 5] },
          ],
        },
      ],
    ]);
  });

  it("spells a prescription's fields with the shop's capitals and its powers as opticians write them", () => {
    const lines = changeLines(
      { od_sphere: [1.5, -1.25], os_cylinder: [null, -0.5], od_visual_acuity: [null, '20/20'] },
      fieldLooks(prescriptions),
      prescriptions,
    );
    expect(lines.map((line) => [line.label, line.from, line.to])).toEqual([
      ['OD Sphere', { text: '+1.50' }, { text: '-1.25' }],
      ['OS Cylinder', { text: '—' }, { text: '-0.50' }],
      [expect.stringMatching(/^VA OD|OD Visual Acuity$/), { text: '—' }, { text: '20/20' }],
    ]);
    const order = changeLines(
      { lines: [[{ role: 'frame' }], [{ role: 'lens_od' }]], lab: ['outside', 'in_house'] },
      fieldLooks(jobOrders),
      jobOrders,
    );
    expect(order.map((line) => line.to)).toEqual([{ text: 'Lens OD' }, { text: 'In-house' }]);
  });
});
