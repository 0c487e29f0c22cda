// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { getListPurchaseItemPricesResponseMock } from '../../../generated/hooks/purchase-item-prices/purchase-item-prices.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { receiveOrders } from '../../../src/areas/purchasing/receive-orders.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// A line's values are its own: adding and removing lines never hands one line another's cost, even after a
// refused save redraws the form (the ₱1,100 of a removed line that a new line without a price once took).

const sent: Record<string, unknown>[] = [];

const orderLine = {
  unit_of_measurement_id: null,
  discount_percent: null,
  received_quantity: 0,
  still_to_come: 0,
  unit_name: null,
  billed_quantity: 0,
  amount: 0,
};

beforeEach(() => {
  sent.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/purchase-orders/:id', () =>
      HttpResponse.json(
        getGetPurchaseOrderResponseMock({
          id: 14,
          number: 'PO-20261201-W00001-00000014',
          contact_id: 7,
          contact_name: 'Vision Supply Co.',
          branch_id: null,
          warehouse_id: 1,
          status: 'open',
          lines: [
            {
              ...orderLine,
              id: 141,
              item_id: 3,
              item_code: 'AO-30',
              item_name: 'Air Optix',
              quantity: 4,
              unit_cost: 880,
            },
            {
              ...orderLine,
              id: 142,
              item_id: 4,
              item_code: 'OA-1D',
              item_name: 'Oasys 1-Day',
              quantity: 2,
              unit_cost: 1100,
            },
          ],
        }),
      ),
    ),
    http.get('*/api/items/search', () =>
      HttpResponse.json([
        getGetItemResponseMock({
          id: 5,
          code: 'RB-2140-901',
          name: 'Ray-Ban Wayfarer',
          is_lot_tracked: false,
          purchase_discounts: [],
        }),
      ]),
    ),
    // This supplier has no price for the Ray-Ban.
    http.get('*/api/purchase-item-prices', () =>
      HttpResponse.json(getListPurchaseItemPricesResponseMock({ data: [] })),
    ),
    http.post('*/api/receive-orders', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(
        {
          message: 'No purchase price on record for this item and supplier; enter the unit cost.',
          errors: {
            'lines.1.unit_cost': ['No purchase price on record for this item and supplier; enter the unit cost.'],
          },
        },
        { status: 422 },
      );
    }),
  );
});

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

it('keeps an added line’s empty cost empty after a line above it is removed and a save is refused', async () => {
  const api = await receiveOrders.load();
  renderRoutes(
    [
      {
        path: '/receive-orders/create/:purchase_order_id?',
        element: <FormScreen resource={receiveOrders} api={api} mode="create" />,
      },
    ],
    '/receive-orders/create/14',
  );
  expect(await screen.findByText('Oasys 1-Day')).toBeTruthy();
  expect(value('Unit Cost 2')).toBe('1100');

  fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
  const picker = screen.getByRole('combobox', { name: 'Item 3' });
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'RB' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'Ray-Ban Wayfarer · RB-2140-901' }));
  expect(await screen.findByText(/No price in effect for this item/)).toBeTruthy();
  expect(value('Unit Cost 3')).toBe('');

  fireEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
  expect(value('Item 2')).toBe('Ray-Ban Wayfarer · RB-2140-901');
  expect(value('Unit Cost 2')).toBe('');

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(/No purchase price on record/)).toBeTruthy();
  expect(value('Unit Cost 2')).toBe('');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  // Both saves left the cost out (the server then refuses it), never sending the removed line's ₱1,100.
  for (const body of sent) {
    const lines = body.lines as Record<string, unknown>[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ purchase_order_line_id: 141, unit_cost: 880 });
    expect(lines[1]).toMatchObject({ item_id: 5 });
    expect(lines[1]).not.toHaveProperty('unit_cost');
  }
  expect(value('Unit Cost 2')).toBe('');
});
