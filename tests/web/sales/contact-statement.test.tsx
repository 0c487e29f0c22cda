// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import type { ContactStatement } from '../../../generated/model/index.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { ContactStatementScreen } from '../../../src/areas/management/contact-statement.tsx';
import { contacts } from '../../../src/areas/management/contacts.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/management.md, Statement of account: from the contact's view, the documents and payments with the
// running balance, the period in the URL, printable.

withMockServer();

const asked: URL[] = [];

const statement: ContactStatement = {
  contact_id: 5,
  contact_name: 'Juan dela Cruz',
  side: 'receivable',
  date_from: '2026-10-01',
  date_to: '2026-11-26',
  opening_balance: 2032,
  entries: [
    {
      date: '2026-11-20',
      kind: 'invoice',
      document_id: 31,
      number: 'I-20261120-B00001-00000031',
      applies_to: null,
      description: 'Invoice I-20261120-B00001-00000031',
      charge: 2240,
      payment: 0,
      balance: 4272,
    },
    {
      date: '2026-11-20',
      kind: 'invoice_payment',
      document_id: 12,
      number: 'IP-20261120-B00001-00000012',
      applies_to: 'I-20261120-B00001-00000031',
      description: 'Payment IP-20261120-B00001-00000012',
      charge: 0,
      payment: 500,
      balance: 3772,
    },
  ],
  total_charges: 2240,
  total_payments: 500,
  closing_balance: 3772,
  credit_balance: 0,
};

// A supplier's: a debit memo beyond its bill's balance, its excess kept as supplier credit, half of it spent.
const supplierStatement: ContactStatement = {
  contact_id: 6,
  contact_name: 'Luxottica Philippines',
  side: 'payable',
  date_from: null,
  date_to: '2026-11-26',
  opening_balance: 0,
  entries: [
    {
      date: '2026-11-02',
      kind: 'bill',
      document_id: 40,
      number: 'B-20261102-B00001-00000040',
      applies_to: null,
      description: 'Bill B-20261102-B00001-00000040',
      charge: 10000,
      payment: 0,
      balance: 10000,
    },
    {
      date: '2026-11-05',
      kind: 'debit_memo',
      document_id: 7,
      number: 'DM-20261105-B00001-00000007',
      applies_to: null,
      description: 'Debit memo DM-20261105-B00001-00000007 (returned to supplier)',
      charge: 0,
      payment: 3600,
      balance: 6400,
    },
    {
      date: '2026-11-05',
      kind: 'supplier_credit',
      document_id: 7,
      number: 'DM-20261105-B00001-00000007',
      applies_to: null,
      description: 'Kept as supplier credit from DM-20261105-B00001-00000007',
      charge: 3600,
      payment: 0,
      balance: 10000,
    },
    {
      date: '2026-11-06',
      kind: 'bill_payment',
      document_id: 9,
      number: 'BP-20261106-B00001-00000009',
      applies_to: 'B-20261102-B00001-00000040',
      description: 'Supplier credit applied BP-20261106-B00001-00000009',
      charge: 0,
      payment: 1800,
      balance: 8200,
    },
  ],
  total_charges: 13600,
  total_payments: 5400,
  closing_balance: 8200,
  credit_balance: 1800,
};

beforeEach(() => {
  asked.length = 0;
  storeUser(mockUser.user);
  setSelectedBusinessId(3);
  server.use(
    http.get('*/api/businesses/get-all-businesses', () =>
      HttpResponse.json({
        businesses: [getGetBusinessResponseMock({ id: 3, name: 'Spectacle Optical', trade_name: null })],
      }),
    ),
    http.get('*/api/contacts/:id/statement', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(url);
      const own = params.id === '6' ? supplierStatement : statement;
      const side = url.searchParams.get('side') ?? own.side;
      return HttpResponse.json(
        own.side === side ? own : { ...statement, contact_id: Number(params.id), side, entries: [] },
      );
    }),
    http.get('*/api/contacts/:id/history', () => HttpResponse.json([])),
    http.get('*/api/contacts/:id', () =>
      HttpResponse.json(getGetContactResponseMock({ id: 5, name: 'Juan dela Cruz', deleted_at: null })),
    ),
  );
});

it("links the statement from the contact's view for a user who may only view contacts", async () => {
  storeUser({ ...mockUser.user, permission_names: ['view-contacts', 'view-invoices'] });
  const api = await contacts.load();
  renderRoutes([{ path: '/contacts/:id', element: <ViewScreen resource={contacts} api={api} /> }], '/contacts/5');
  const link = await screen.findByRole('link', { name: 'Statement of Account' });
  expect(link.getAttribute('href')).toBe('/contacts/5/statement');
});

it('reads the period from the URL and shows the balance brought forward, each entry and the amount due', async () => {
  renderRoutes(
    [{ path: '/contacts/:id/statement', element: <ContactStatementScreen /> }],
    '/contacts/5/statement?date_from=2026-10-01',
  );
  const table = await screen.findByRole('table', { name: 'Statement of Account' });
  expect(asked.at(-1)?.searchParams.get('date_from')).toBe('2026-10-01');
  // The server opens the contact's own side.
  expect(asked.at(-1)?.searchParams.has('side')).toBe(false);
  const rows = within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
  expect(rows[1]).toContain('Balance brought forward');
  expect(rows[1]).toContain('₱2,032');
  expect(rows[2]).toContain('Invoice I-20261120-B00001-00000031');
  expect(rows[2]).toContain('₱4,272');
  expect(rows[3]).toContain('Payment IP-20261120-B00001-00000012');
  expect(rows[3]).toContain('I-20261120-B00001-00000031');
  expect(rows.at(-1)).toContain('Amount due');
  expect(rows.at(-1)).toContain('₱3,772');
  expect(within(table).getByRole('link', { name: 'Invoice I-20261120-B00001-00000031' }).getAttribute('href')).toBe(
    '/invoices/31',
  );
  expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  expect(screen.getByText('Juan dela Cruz')).toBeTruthy();
  expect(currentUrl().search).toBe('?date_from=2026-10-01');
});

it("opens a supplier's statement on what the shop owes, memos and credit in words, the credit held apart", async () => {
  renderRoutes([{ path: '/contacts/:id/statement', element: <ContactStatementScreen /> }], '/contacts/6/statement');
  const table = await screen.findByRole('table', { name: 'Statement of Account' });
  expect((screen.getByLabelText('Statement') as HTMLSelectElement).value).toBe('payable');
  const rows = within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
  expect(rows[3]).toContain('Debit memo DM-20261105-B00001-00000007 (returned to supplier)');
  expect(rows[4]).toContain('Kept as supplier credit from DM-20261105-B00001-00000007');
  expect(rows[5]).toContain('Supplier credit applied BP-20261106-B00001-00000009');
  expect(rows.join('\n')).not.toMatch(/Payment BP/);
  expect(rows.at(-2)).toContain('Amount we owe');
  expect(rows.at(-2)).toContain('₱8,200');
  expect(rows.at(-1)).toContain('Supplier credit held');
  expect(rows.at(-1)).toContain('₱1,800');
  expect(
    within(table)
      .getByRole('link', { name: 'Debit memo DM-20261105-B00001-00000007 (returned to supplier)' })
      .getAttribute('href'),
  ).toBe('/debit-memos/7');
});

it("shows a supplier's balance on the view as what the shop owes it", async () => {
  server.use(
    http.get('*/api/contacts/:id', () =>
      HttpResponse.json(
        getGetContactResponseMock({
          id: 6,
          name: 'Luxottica Philippines',
          deleted_at: null,
          balance: 110615,
          balance_side: 'payable',
        }),
      ),
    ),
  );
  const api = await contacts.load();
  renderRoutes([{ path: '/contacts/:id', element: <ViewScreen resource={contacts} api={api} /> }], '/contacts/6');
  expect(await screen.findByText('What we owe the supplier')).toBeTruthy();
  expect(screen.getByText('₱110,615')).toBeTruthy();
});
