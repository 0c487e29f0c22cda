// @vitest-environment jsdom
// The client list first: the supplier picker reads the contacts' definition as its module loads.
import '../../../src/app/definitions.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { ReorderPurchaseOrder } from '../../../src/areas/reports/reorder-purchase-order.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const posted: { lines: { item_id: number; quantity: number; unit_cost?: number }[] }[] = [];

beforeEach(() => {
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/contacts/search', () =>
      HttpResponse.json([getGetContactResponseMock({ id: 9, name: 'Luxottica Philippines', deleted_at: null })]),
    ),
    http.post('*/api/purchase-orders', async ({ request }) => {
      const body = (await request.json()) as (typeof posted)[number];
      posted.push(body);
      // The supplier has a price for the frame, none for the solution.
      if (body.lines[1]?.unit_cost === undefined) {
        const missing = 'No purchase price on record for this item and supplier; enter the unit cost.';
        return HttpResponse.json({ message: missing, errors: { 'lines.1.unit_cost': [missing] } }, { status: 422 });
      }
      return HttpResponse.json(getGetPurchaseOrderResponseMock({ id: 44, deleted_at: null }), { status: 201 });
    }),
  );
});

it('names the item the supplier has no price for, and takes its unit cost in place', async () => {
  renderRoutes(
    [
      {
        path: '/reports/reorder',
        element: (
          <ReorderPurchaseOrder
            location={{ branch_id: 1 }}
            chosen={[
              { item_id: 5, code: 'RB-2140', name: 'Wayfarer frame', suggested_quantity: 3 },
              { item_id: 6, code: 'SOL-360', name: 'Lens solution 360 ml', suggested_quantity: 12 },
            ]}
          />
        ),
      },
      { path: '/purchase-orders/:id', element: <p>Purchase order</p> },
    ],
    '/reports/reorder',
  );
  const picker = await screen.findByRole('combobox', { name: 'Supplier' });
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'Lux' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Luxottica/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'Create Purchase Order (2)' }));

  expect(
    await screen.findByText(
      'Luxottica Philippines has no purchase price for SOL-360 Lens solution 360 ml: enter the unit cost of that line under Lines to order.',
    ),
  ).toBeTruthy();
  expect(screen.getByText('No purchase price from this supplier: enter the unit cost.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Unit cost of SOL-360'), { target: { value: '180' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Purchase Order (2)' }));
  await waitFor(() => expect(currentUrl().pathname).toBe('/purchase-orders/44'));
  expect(posted.at(-1)?.lines).toEqual([
    { item_id: 5, quantity: 3 },
    { item_id: 6, quantity: 12, unit_cost: 180 },
  ]);
});
