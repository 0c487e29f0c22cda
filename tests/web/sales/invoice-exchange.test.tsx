// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetInvoiceResponseMock } from '../../../generated/hooks/invoices/invoices.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { getListSaleItemPricesResponseMock } from '../../../generated/hooks/sale-item-prices/sale-item-prices.msw.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { InvoiceExchangeScreen } from '../../../src/areas/sales/invoice-exchange-screen.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/sales.md, Exchange: one screen says what comes back, what goes out and the difference, and saves it
// in one call.

withMockServer();

const line = (id: number, name: string, quantity: number, credited: number) => ({
  id,
  item_id: id + 100,
  item_code: `C-${id}`,
  item_name: name,
  quantity,
  unit_price: 1000,
  discount_percent: null,
  amount: quantity * 1000,
  tax_class: 'vatable' as const,
  special_discount_amount: 0,
  lot_number: null,
  lots: [],
  credited_quantity: credited,
  credited_amount: credited * 1000,
  warranty_until: null,
});

const invoice = getGetInvoiceResponseMock({
  id: 12,
  number: 'I-20261121-B00004-00000012',
  contact_id: 3,
  branch_id: 4,
  deleted_at: null,
  lines: [line(1, 'Wayfarer frame', 3, 1), line(2, 'Lens cloth', 1, 1), line(3, 'Lens solution', 2, 0)],
});

const aviator = getGetItemResponseMock({
  id: 7,
  code: 'AV-3025',
  name: 'Aviator frame',
  item_type_id: 1,
  tax_class: 'vatable',
  is_lot_tracked: false,
  deleted_at: null,
});

const posted: { body: unknown; key: string | null }[] = [];
let answer: () => Response = () =>
  HttpResponse.json({ credit_memo_id: 41, invoice_id: 13, payment_id: 60, refund: null, difference: 1500 });

beforeEach(() => {
  posted.length = 0;
  answer = () =>
    HttpResponse.json({ credit_memo_id: 41, invoice_id: 13, payment_id: 60, refund: null, difference: 1500 });
  storeUser(mockUser.user);
  setSelectedBusinessId(3);
  server.use(
    http.get('*/api/businesses/get-all-businesses', () =>
      HttpResponse.json({ businesses: [getGetBusinessResponseMock({ id: 3, is_vat_registered: true })] }),
    ),
    http.get('*/api/invoices/:id', () => HttpResponse.json(invoice)),
    http.get('*/api/items/search', () => HttpResponse.json([aviator])),
    http.get('*/api/items/:id', () => HttpResponse.json(aviator)),
    http.get('*/api/sale-item-prices', () => HttpResponse.json(getListSaleItemPricesResponseMock({ data: [] }))),
    http.post('*/api/invoices/:id/exchange', async ({ request }) => {
      posted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
});

function renderExchange() {
  renderRoutes(
    [
      { path: '/invoices/:id/exchange', element: <InvoiceExchangeScreen /> },
      { path: '/invoices/:id', element: <p>Invoice view</p> },
    ],
    '/invoices/12/exchange',
  );
}

const figure = (label: string) =>
  within(screen.getByLabelText('Exchange summary'))
    .getByText(label, { selector: 'dt' })
    .parentElement?.querySelector('dd')?.textContent;

async function addAviator(price: string) {
  const item = await screen.findByRole('combobox', { name: 'Item 1' });
  fireEvent.focus(item);
  fireEvent.change(item, { target: { value: 'AV' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'Aviator frame · AV-3025' }));
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity 1' }), { target: { value: '1' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Unit Price 1' }), { target: { value: price } });
}

it('returns two frames for a dearer one: the difference is to pay, and the one call carries both sides', async () => {
  renderExchange();
  expect(await screen.findByRole('heading', { name: 'Exchange for Invoice I-20261121-B00004-00000012' })).toBeTruthy();
  // The lens cloth is all credited already: only what is left is offered.
  const returned = screen.getByRole('table', { name: 'Returned items' });
  expect(within(returned).queryByText('Lens cloth')).toBeNull();
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity returned of Wayfarer frame' }), {
    target: { value: '2' },
  });
  // Two of the three frames at ₱3,000, ₱1,000 already credited: what is left, ₱2,000.
  await waitFor(() => expect(figure('Returned value')).toBe('₱2,000'));
  await addAviator('3500');
  await waitFor(() => expect(figure('New sale total')).toBe('₱3,500'));
  expect(figure('To pay')).toBe('₱1,500');
  expect(screen.getByText('Without a method, ₱1,500 stays owed on the new invoice.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'cash' } });
  expect(screen.getByText('₱1,500 is paid in Cash.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(currentUrl().pathname).toBe('/invoices/13'));
  expect(posted).toHaveLength(1);
  expect(posted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posted[0]?.body).toEqual({
    reason: 'returned',
    notes: null,
    return_lines: [{ invoice_line_id: 1, quantity: 2, restock: true }],
    lines: [expect.objectContaining({ item_id: 7, quantity: 1, unit_price: 3500 })],
    payment_method: 'cash',
    reference: null,
  });
  expect(await screen.findByText('Exchange saved.')).toBeTruthy();
});

it('keeps a larger credit as store credit, and a defective return is not restocked', async () => {
  renderExchange();
  fireEvent.change(await screen.findByRole('spinbutton', { name: 'Quantity returned of Lens solution' }), {
    target: { value: '2' },
  });
  fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'defective' } });
  const restock = () => screen.getAllByRole('checkbox', { name: /^Restock/ }) as HTMLInputElement[];
  await waitFor(() => expect(restock().map((box) => box.checked)).toEqual([false, false]));
  await addAviator('500');
  await waitFor(() => expect(figure('To refund')).toBe('₱1,500'));
  expect(screen.getByText('Without a method, ₱1,500 stays with the customer as store credit.')).toBeTruthy();
  fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]?.body).toMatchObject({
    reason: 'defective',
    return_lines: [{ invoice_line_id: 3, quantity: 2, restock: false }],
    payment_method: null,
  });
});

it("shows the server's refusals under the returned line and the new line they name", async () => {
  answer = () =>
    HttpResponse.json(
      {
        message: 'The given data was invalid.',
        errors: {
          'return_lines.0.quantity': ['Only 2 are left to return on this line.'],
          'lines.0.item_id': ['This item is not sold at this branch.'],
          special_discount: ['Something the screen has no field for.'],
        },
      },
      { status: 422 },
    );
  renderExchange();
  fireEvent.change(await screen.findByRole('spinbutton', { name: 'Quantity returned of Lens solution' }), {
    target: { value: '1' },
  });
  await addAviator('500');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  // The first line sent is the form's second returned row (the lens solution).
  expect(await screen.findByText('Only 2 are left to return on this line.')).toBeTruthy();
  const solution = screen.getByRole('spinbutton', { name: 'Quantity returned of Lens solution' });
  expect(solution.closest('td')?.textContent).toContain('Only 2 are left to return on this line.');
  expect(screen.getByText('This item is not sold at this branch.')).toBeTruthy();
  const alert = screen.getByText('The server did not accept this exchange.').parentElement as HTMLElement;
  expect(alert.textContent).toContain('Something the screen has no field for.');
  expect(currentUrl().pathname).toBe('/invoices/12/exchange');
});

it('asks for a quantity before posting anything', async () => {
  renderExchange();
  await screen.findByRole('table', { name: 'Returned items' });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity returned of Wayfarer frame' }), {
    target: { value: '3' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Enter from 0 to 2, what is left to return.')).toBeTruthy();
  expect(posted).toHaveLength(0);
});
