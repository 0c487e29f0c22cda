// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import {
  getGetInvoiceResponseMock,
  getListInvoicesResponseMock,
} from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getCreateWarrantyClaimResponseMock } from '../../../generated/hooks/warranty-claims/warranty-claims.msw.ts';
import { warrantyClaims } from '../../../src/areas/eye-care/warranty-claims.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/eye-care.md, Warranties: the claim form finds the line as the customer tells it, customer, invoice, then
// the item with the day its warranty runs to, and sends only the line's id.

withMockServer();

const posted: unknown[] = [];
const invoicesAsked: string[] = [];

const line = (id: number, name: string, warrantyUntil: string | null) => ({
  id,
  item_id: id + 100,
  item_code: `W-${id}`,
  item_name: name,
  quantity: 1,
  unit_price: 3500,
  discount_percent: null,
  amount: 3500,
  tax_class: 'vatable' as const,
  special_discount_amount: 0,
  lot_number: null,
  lots: [],
  credited_quantity: 0,
  credited_amount: 0,
  warranty_until: warrantyUntil,
});

beforeEach(() => {
  posted.length = 0;
  invoicesAsked.length = 0;
  storeUser(mockUser.user);
  const listed = getListInvoicesResponseMock();
  const first = listed.data[0];
  server.use(
    http.get('*/api/contacts/search', () => HttpResponse.json([{ id: 7, name: 'Liza Mendoza' }])),
    http.get('*/api/invoices', ({ request }) => {
      invoicesAsked.push(new URL(request.url).searchParams.get('contact_id') ?? '');
      return HttpResponse.json({
        ...listed,
        data: first
          ? [{ ...first, id: 55, number: 'I-20261101-B00001-00000055', invoice_date: '2026-11-01', contact_id: 7 }]
          : [],
      });
    }),
    http.get('*/api/invoices/:id', () =>
      HttpResponse.json(
        getGetInvoiceResponseMock({
          id: 55,
          number: 'I-20261101-B00001-00000055',
          contact_id: 7,
          lines: [line(501, 'Wayfarer frame', '2027-11-01'), line(502, 'Index 1.67 lens', null)],
        }),
      ),
    ),
    http.post('*/api/documents/get-number-total-count', () => HttpResponse.json({ total: 0 })),
    http.post('*/api/warranty-claims', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(getCreateWarrantyClaimResponseMock({ id: 9 }), { status: 201 });
    }),
  );
});

it('picks the customer, then their invoice, then the item with its warranty, and sends the line', async () => {
  const api = await warrantyClaims.load();
  renderRoutes(
    [
      { path: '/warranty-claims/create', element: <FormScreen resource={warrantyClaims} api={api} mode="create" /> },
      { path: '/warranty-claims/:id', element: <p>Claim made</p> },
    ],
    '/warranty-claims/create',
  );
  const item = (await screen.findByRole('combobox', { name: 'Item' })) as HTMLSelectElement;
  expect(within(item).getByRole('option', { name: 'Choose the invoice first' })).toBeTruthy();
  expect(screen.queryByText(/Invoice Line \(id\)/)).toBeNull();

  const customer = await waitFor(() => {
    const found = document.querySelector('input[name="warranty_customer"]');
    if (!(found instanceof HTMLInputElement)) throw new Error('No customer picker.');
    return found;
  });
  fireEvent.focus(customer);
  fireEvent.change(customer, { target: { value: 'Liza' } });
  const list = document.getElementById(customer.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('No suggestions.');
  fireEvent.mouseDown(await within(list).findByRole('option', { name: 'Liza Mendoza' }));

  const invoice = screen.getByRole('combobox', { name: 'Invoice' }) as HTMLSelectElement;
  await within(invoice).findByRole('option', { name: /I-20261101-B00001-00000055/ });
  expect(invoicesAsked).toContain('7');
  fireEvent.change(invoice, { target: { value: '55' } });
  await within(item).findByRole('option', { name: /Wayfarer frame · warranty until/ });
  expect(within(item).getByRole('option', { name: /Index 1.67 lens · no warranty/ })).toBeTruthy();
  fireEvent.change(item, { target: { value: '501' } });

  fireEvent.change(screen.getByRole('textbox', { name: 'Issue' }), { target: { value: 'Hinge broke' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({ invoice_line_id: 501, issue: 'Hinge broke' });
  expect(Object.keys(posted[0] as object)).not.toContain('warranty_customer');
});
