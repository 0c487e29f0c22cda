// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it, vi } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import {
  getGetDiscountProgramResponseMock,
  getListDiscountProgramsResponseMock,
} from '../../../generated/hooks/discount-programs/discount-programs.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const frame = getGetItemResponseMock({
  id: 5,
  code: 'RB-2140-901',
  name: 'Ray-Ban Wayfarer',
  item_type_id: 1,
  tax_class: 'vatable',
  is_lot_tracked: false,
  deleted_at: null,
});
const senior = getGetDiscountProgramResponseMock({
  id: 1,
  name: 'Senior Citizen',
  percent: 20,
  vat_exempt: true,
  item_type_ids: [1],
  deleted_at: null,
});

// docs/domain/sales.md's senior sale: a ₱8,990 frame, its VAT off (₱963.21), 20% off the rest (₱1,605.36): ₱6,421.43 due.
const invoice = getGetInvoiceResponseMock({
  id: 12,
  number: 'I-20261126-B00001-00000012',
  status: 'unpaid',
  deleted_at: null,
  subtotal: 8990,
  discount_total: 0,
  vat_removed: 963.21,
  special_discount_total: 1605.36,
  total: 6421.43,
  credited_total: 0,
  amount_paid: 0,
  balance: 6421.43,
  vatable_sales: 0,
  vat_amount: 0,
  vat_exempt_sales: 6421.43,
  zero_rated_sales: 0,
  special_discount: {
    program_id: 1,
    program_name: 'Senior Citizen',
    percent: 20,
    holder_name: 'Lola Basyang',
    holder_id_number: 'OSCA-0001',
  },
  lines: [
    {
      id: 1,
      item_id: 5,
      item_code: 'RB-2140-901',
      item_name: 'Ray-Ban Wayfarer',
      quantity: 1,
      unit_price: 8990,
      discount_percent: null,
      amount: 6421.43,
      tax_class: 'vatable',
      special_discount_amount: 1605.36,
      lot_number: null,
      lots: [],
      credited_quantity: 0,
      credited_amount: 0,
      warranty_until: null,
    },
  ],
});

beforeEach(() => {
  storeUser(mockUser.user);
  setSelectedBusinessId(3);
  server.use(
    http.get('*/api/businesses/get-all-businesses', () =>
      HttpResponse.json({ businesses: [getGetBusinessResponseMock({ id: 3, is_vat_registered: true })] }),
    ),
    http.get('*/api/discount-programs', () =>
      HttpResponse.json(getListDiscountProgramsResponseMock({ data: [senior] })),
    ),
    http.get('*/api/items/search', () => HttpResponse.json([frame])),
    http.get('*/api/items/:id', () => HttpResponse.json(frame)),
    http.get('*/api/invoices/:id/history', () => HttpResponse.json([])),
    http.get('*/api/invoices/:id', () => HttpResponse.json(invoice)),
  );
});

const figure = (list: HTMLElement, label: string) =>
  within(list).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

it("names a senior's figures on the form as the invoice does: Total sales, Less SC/PWD discount, Amount due", async () => {
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/create', element: <FormScreen resource={invoices} api={api} mode="create" /> }],
    '/invoices/create',
  );
  const item = await screen.findByRole('combobox', { name: 'Item 1' });
  fireEvent.focus(item);
  fireEvent.change(item, { target: { value: 'RB' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'Ray-Ban Wayfarer · RB-2140-901' }));
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity 1' }), { target: { value: '1' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Unit Price 1' }), { target: { value: '8990' } });
  const program = await screen.findByRole('combobox', { name: 'Program' });
  await within(program).findByRole('option', { name: 'Senior Citizen (20%)' });
  fireEvent.change(program, { target: { value: '1' } });

  const breakdown = screen.getByLabelText('VAT breakdown');
  await waitFor(() => expect(figure(breakdown, 'Amount due')).toBe('₱6,421.43'));
  expect(figure(breakdown, 'Total sales')).toBe('₱8,990');
  expect(figure(breakdown, 'Less: VAT (SC/PWD)')).toBe('₱963.21');
  expect(figure(breakdown, 'Less SC/PWD discount')).toBe('₱1,605.36');
  // One figure is due, and no other is called a total beside it.
  expect(screen.queryByText('Total', { selector: 'dt' })).toBeNull();
  expect(screen.queryByLabelText('Totals')).toBeNull();
});

it("names a senior's figures on the view, and its line reads quantity × price less the discount = amount", async () => {
  const api = await invoices.load();
  renderRoutes([{ path: '/invoices/:id', element: <ViewScreen resource={invoices} api={api} /> }], '/invoices/12');
  await screen.findByRole('heading', { name: 'Invoice I-20261126-B00001-00000012' });
  const details = (label: string) =>
    screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
  expect(details('Total sales')).toBe('₱8,990');
  expect(details('Less SC/PWD discount')).toBe('₱1,605.36');
  expect(details('Amount due')).toBe('₱6,421.43');
  expect(screen.queryByText('Total', { selector: 'dt' })).toBeNull();

  const lines = screen.getByRole('table', { name: 'Lines' });
  const [row] = within(lines).getAllByRole('row').slice(1);
  if (!row) throw new Error('No line.');
  const cells = within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
  expect(cells).toContain('₱8,990');
  expect(cells).toContain('Less VAT ₱963.21, less SC/PWD discount ₱1,605.36');
  expect(cells).toContain('₱6,421.43');
  expect(cells).toContain('VATable');
});

it("prints the invoice once when opened from the saved toast's Print link", async () => {
  const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  const api = await invoices.load();
  renderRoutes(
    [{ path: '/invoices/:id', element: <ViewScreen resource={invoices} api={api} /> }],
    '/invoices/12?print=1',
  );
  await screen.findByRole('heading', { name: 'Invoice I-20261126-B00001-00000012' });
  await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(currentUrl().search).toBe(''));
  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();
});
