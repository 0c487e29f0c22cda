// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import {
  getGetPurchaseItemPriceResponseMock,
  getListPurchaseItemPricesResponseMock,
} from '../../../generated/hooks/purchase-item-prices/purchase-item-prices.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { bills } from '../../../src/areas/purchasing/bills.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const priceQueries: URLSearchParams[] = [];

const orderLine = {
  item_id: 3,
  unit_of_measurement_id: null,
  item_code: 'LS-010',
  item_name: 'Lens Solution 120ml',
  received_quantity: 0,
  still_to_come: 0,
  unit_name: null,
  amount: 0,
};

beforeEach(() => {
  priceQueries.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/purchase-orders/:id', () =>
      HttpResponse.json(
        getGetPurchaseOrderResponseMock({
          id: 9,
          number: 'PO-20260301-B00001-00000009',
          contact_id: 7,
          contact_name: 'Vision Supply Co.',
          branch_id: 1,
          warehouse_id: null,
          lines: [
            {
              ...orderLine,
              id: 91,
              quantity: 2,
              unit_cost: 80,
              discount_percent: null,
              received_quantity: 2,
              still_to_come: 0,
              unit_name: null,
              billed_quantity: 2,
            },
            {
              ...orderLine,
              id: 92,
              quantity: 6,
              unit_cost: 250.5,
              discount_percent: null,
              received_quantity: 5,
              still_to_come: 0,
              unit_name: null,
              billed_quantity: 2,
            },
          ],
        }),
      ),
    ),
    http.get('*/api/items/search', () =>
      HttpResponse.json([
        getGetItemResponseMock({
          id: 5,
          code: 'FR-001',
          name: 'Aviator Frame',
          purchase_discounts: [
            { quantity: 5, discount_percent: 10 },
            { quantity: 10, discount_percent: 15 },
          ],
        }),
      ]),
    ),
    http.get('*/api/purchase-item-prices', ({ request }) => {
      priceQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        getListPurchaseItemPricesResponseMock({
          data: [
            getGetPurchaseItemPriceResponseMock({ id: 1, unit_cost: 100, effective_date: '2026-01-01' }),
            getGetPurchaseItemPriceResponseMock({ id: 2, unit_cost: 120.5, effective_date: '2026-03-01' }),
          ],
        }),
      );
    }),
    http.post('*/api/bills', () =>
      HttpResponse.json(
        { message: 'The given data was invalid.', errors: { 'lines.1.quantity': ['Only 3 remain to be billed.'] } },
        { status: 422 },
      ),
    ),
  );
});

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

const totals = () => within(screen.getByLabelText('Totals')).getAllByRole('definition');

it('starts a bill from the order it bills, and fills a new line from the price list and discount tiers', async () => {
  const api = await bills.load();
  renderRoutes(
    [{ path: '/bills/create/:purchase_order_id?', element: <FormScreen resource={bills} api={api} mode="create" /> }],
    '/bills/create/9',
  );

  // Only the order line with something received and not yet billed comes over, with that quantity.
  expect(await screen.findByText('Lens Solution 120ml')).toBeTruthy();
  expect(screen.getAllByText(/^Lens Solution/)).toHaveLength(1);
  expect(value('Quantity 1')).toBe('3');
  expect(value('Unit Cost 1')).toBe('250.5');
  expect(screen.getByLabelText('Amount 1').textContent).toBe('₱751.50');

  fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
  const picker = screen.getByRole('combobox', { name: 'Item 2' });
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'FR' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'Aviator Frame · FR-001' }));

  // The supplier's newest price on or before the bill date.
  await waitFor(() => expect(value('Unit Cost 2')).toBe('120.5'));
  expect(value('Item 2')).toBe('Aviator Frame · FR-001');
  expect(priceQueries[0]?.get('item_id')).toBe('5');
  expect(priceQueries[0]?.get('contact_id')).toBe('7');
  expect(value('Discount % 2')).toBe('');

  // Five pieces reach the 10% tier.
  fireEvent.change(screen.getByLabelText('Quantity 2'), { target: { value: '5' } });
  await waitFor(() => expect(value('Discount % 2')).toBe('10'));
  expect(screen.getByLabelText('Amount 2').textContent).toBe('₱542.25');
  expect(totals().map((cell) => cell.textContent)).toEqual(['₱1,354', '₱60.25', '₱1,293.75']);

  // A discount the user typed stays when the quantity moves to another tier.
  fireEvent.change(screen.getByLabelText('Discount % 2'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Quantity 2'), { target: { value: '10' } });
  expect(value('Discount % 2')).toBe('3');

  // The server's objection to a line shows under that line's field.
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Only 3 remain to be billed.')).toBeTruthy();
  expect(screen.getByLabelText('Quantity 2').getAttribute('aria-invalid')).toBe('true');
});
