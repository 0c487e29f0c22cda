// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBranchResponseMock } from '../../../generated/hooks/branches/branches.msw.ts';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

beforeEach(() => {
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/contacts/search', () =>
      HttpResponse.json([getGetContactResponseMock({ id: 3, name: 'Juan dela Cruz', deleted_at: null })]),
    ),
    http.get('*/api/branches/search', () =>
      HttpResponse.json([getGetBranchResponseMock({ id: 1, name: 'Makati Branch', deleted_at: null })]),
    ),
    http.get('*/api/items/search', () =>
      HttpResponse.json([
        getGetItemResponseMock({ id: 5, code: 'RB-2140-901', name: 'Ray-Ban Wayfarer', is_lot_tracked: false }),
      ]),
    ),
    http.post('*/api/invoices', () =>
      HttpResponse.json(
        getGetInvoiceResponseMock({ id: 31, number: 'I-0031', balance: 8990, status: 'unpaid', deleted_at: null }),
        { status: 201 },
      ),
    ),
  );
});

async function choose(name: string, option: string) {
  const picker = await screen.findByRole('combobox', { name });
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: option.slice(0, 3) } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: new RegExp(option) }));
  await waitFor(() => expect((picker as HTMLInputElement).value).toContain(option));
}

it('opens the saved invoice, with View, Print and Record Payment links in the toast', async () => {
  const api = await invoices.load();
  renderRoutes(
    [
      { path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> },
      { path: '/invoices', element: <p>Invoice list</p> },
      { path: '/invoices/:id', element: <p>Invoice view</p> },
    ],
    '/invoices/create',
  );
  await choose('Customer', 'Juan dela Cruz');
  await choose('Branch', 'Makati Branch');
  await choose('Item 1', 'Ray-Ban Wayfarer');
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity 1' }), { target: { value: '1' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Unit Price 1' }), { target: { value: '8990' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  const toast = (await screen.findByText('Invoice created successfully.')).closest('[role="status"], [role="alert"]');
  if (!(toast instanceof HTMLElement)) throw new Error('No toast.');
  // The cashier lands on the saved invoice, where Print is; the toast's links stay.
  await waitFor(() => expect(currentUrl().pathname).toBe('/invoices/31'));
  expect(within(toast).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/invoices/31');
  expect(within(toast).getByRole('link', { name: 'Print' }).getAttribute('href')).toBe('/invoices/31?print=1');
  expect(within(toast).getByRole('link', { name: 'Record Payment' }).getAttribute('href')).toBe(
    '/invoice-payments/create/31?redirect_to=invoices.view&id=31',
  );
});
