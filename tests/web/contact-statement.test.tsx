// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../generated/hooks/businesses/businesses.msw.ts';
import { getGetContactResponseMock } from '../../generated/hooks/contacts/contacts.msw.ts';
import type { ContactStatement } from '../../generated/model/index.ts';
import { setSelectedBusinessId } from '../../src/api/selected-business.ts';
import { ContactStatementScreen } from '../../src/areas/management/contact-statement.tsx';
import { contacts } from '../../src/areas/management/contacts.ts';
import { storeUser } from '../../src/auth/permission-store.ts';
import { mockUser } from '../../src/mocks/handlers.ts';
import { ViewScreen } from '../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from './support.tsx';

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
      charge: 0,
      payment: 500,
      balance: 3772,
    },
  ],
  total_charges: 2240,
  total_payments: 500,
  closing_balance: 3772,
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
    http.get('*/api/contacts/:id/statement', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(statement);
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
  expect(asked.at(-1)?.searchParams.get('side')).toBe('receivable');
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
  expect(within(table).getByRole('link', { name: 'I-20261120-B00001-00000031' }).getAttribute('href')).toBe(
    '/invoices/31',
  );
  expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  expect(screen.getByText('Juan dela Cruz')).toBeTruthy();
  expect(currentUrl().search).toBe('?date_from=2026-10-01');
});
