// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { getGetReceiveOrderResponseMock } from '../../../generated/hooks/receive-orders/receive-orders.msw.ts';
import type { PurchaseOrderStatus } from '../../../generated/model/purchaseOrderStatus.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { purchaseOrders } from '../../../src/areas/purchasing/purchase-orders.ts';
import { receiveOrders } from '../../../src/areas/purchasing/receive-orders.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const line = {
  id: 91,
  item_id: 5,
  unit_of_measurement_id: null,
  item_code: 'FR-001',
  item_name: 'Aviator Frame',
  quantity: 10,
  unit_cost: 120.5,
  discount_percent: 10,
  received_quantity: 4,
  still_to_come: 6,
  unit_name: null,
  amount: 1084.5,
};

let billedQuantity = 0;
let orderStatus: PurchaseOrderStatus = 'partially_received';

beforeEach(() => {
  billedQuantity = 0;
  orderStatus = 'partially_received';
  storeUser(mockUser.user);
  setSelectedBusinessId(3);
  server.use(
    http.get('*/api/businesses/get-all-businesses', () =>
      HttpResponse.json({
        businesses: [getGetBusinessResponseMock({ id: 3, name: 'Spectacle Optical', trade_name: null })],
      }),
    ),
    http.get('*/api/purchase-orders/:id', () =>
      HttpResponse.json(
        getGetPurchaseOrderResponseMock({
          id: 9,
          number: 'PO-20260301-B00001-00000009',
          reference_number: 'RN-00000008-20260301-0001',
          order_date: '2026-03-01',
          contact_name: 'Vision Supply Co.',
          location_name: 'Makati Branch',
          status: orderStatus,
          subtotal: 1205,
          discount_total: 120.5,
          total: 1084.5,
          deleted_at: null,
          lines: [{ ...line, billed_quantity: billedQuantity }],
        }),
      ),
    ),
  );
});

async function renderOrder() {
  const api = await purchaseOrders.load();
  renderRoutes(
    [{ path: '/purchase-orders/:id', element: <ViewScreen resource={purchaseOrders} api={api} /> }],
    '/purchase-orders/9',
  );
  await screen.findByRole('heading', { name: 'Purchase Order PO-20260301-B00001-00000009' });
}

it('offers Receive and Create Bill on an order with lines still to receive and to bill', async () => {
  await renderOrder();
  expect(screen.getByRole('link', { name: 'Receive' }).getAttribute('href')).toBe('/receive-orders/create/9');
  expect(screen.getByRole('link', { name: 'Create Bill' }).getAttribute('href')).toBe('/bills/create/9');
});

it('hides Create Bill once every line is billed', async () => {
  billedQuantity = 10;
  await renderOrder();
  expect(screen.getByRole('link', { name: 'Receive' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Create Bill' })).toBeNull();
});

it('hides a follow-up the user may not create', async () => {
  storeUser({ ...mockUser.user, permission_names: ['view-purchase-orders', 'create-bills'] });
  await renderOrder();
  expect(screen.queryByRole('link', { name: 'Receive' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Create Bill' })).toBeTruthy();
});

it('prints the order with the business, number, reference, party, lines, totals in pesos and a signature line', async () => {
  await renderOrder();
  expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  const sheet = document.querySelector('[data-print-sheet]') as HTMLElement;
  expect(await within(sheet).findByText('Spectacle Optical')).toBeTruthy();
  expect(within(sheet).getByText('No. PO-20260301-B00001-00000009')).toBeTruthy();
  expect(within(sheet).getByText('Ref. RN-00000008-20260301-0001')).toBeTruthy();
  expect(within(sheet).getByText('Date Mar 1, 2026')).toBeTruthy();
  expect(within(sheet).getByText('Vision Supply Co.')).toBeTruthy();
  expect(within(sheet).getByText('Aviator Frame')).toBeTruthy();
  expect(within(sheet).getAllByText('₱1,084.50')).toHaveLength(2);
  expect(within(sheet).getByText('Prepared by')).toBeTruthy();
});

it('offers Edit on an open order only: once goods are received the order can no longer change', async () => {
  orderStatus = 'open';
  await renderOrder();
  expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/purchase-orders/9/edit');
});

it('offers no Edit on a partly received order', async () => {
  await renderOrder();
  expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
});

it('opens the view instead of the edit form of an order past editing', async () => {
  const api = await purchaseOrders.load();
  renderRoutes(
    [
      { path: '/purchase-orders/:id/edit', element: <FormScreen resource={purchaseOrders} api={api} mode="edit" /> },
      { path: '/purchase-orders/:id', element: <ViewScreen resource={purchaseOrders} api={api} /> },
    ],
    '/purchase-orders/9/edit',
  );
  await screen.findByRole('heading', { name: 'Purchase Order PO-20260301-B00001-00000009' });
  expect(currentUrl().pathname).toBe('/purchase-orders/9');
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
});

it('offers no Delete on a receipt whose goods a later document stands on, and says which', async () => {
  const api = await receiveOrders.load();
  const receipt = (held: string | null) =>
    getGetReceiveOrderResponseMock({ id: 14, number: 'RO-20260301-W00001-00000014', deleted_at: null, held_by: held });
  let heldBy: string | null = 'Bill BL-20260302-W00001-00000003';
  server.use(http.get('*/api/receive-orders/:id', () => HttpResponse.json(receipt(heldBy))));
  const { unmount } = renderRoutes(
    [{ path: '/receive-orders/:id', element: <ViewScreen resource={receiveOrders} api={api} /> }],
    '/receive-orders/14',
  );
  expect(
    await screen.findByText(
      'Bill BL-20260302-W00001-00000003 stands on the goods of this receive order; void it first to delete this one.',
    ),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  unmount();

  heldBy = null;
  renderRoutes(
    [{ path: '/receive-orders/:id', element: <ViewScreen resource={receiveOrders} api={api} /> }],
    '/receive-orders/14',
  );
  expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
});

it('prints a receive order with its lines, their lots and expiry, and its total', async () => {
  const api = await receiveOrders.load();
  server.use(
    http.get('*/api/receive-orders/:id', () =>
      HttpResponse.json(
        getGetReceiveOrderResponseMock({
          id: 15,
          number: 'RO-20260301-W00001-00000015',
          purchase_order_number: 'PO-20260301-W00001-00000009',
          contact_name: 'Vision Supply Co.',
          location_name: 'Central Warehouse',
          received_date: '2026-03-01',
          total: 13200,
          deleted_at: null,
          held_by: null,
          lines: [
            {
              id: 1,
              purchase_order_line_id: 91,
              item_id: 5,
              item_code: 'CL-ACU-OAS',
              item_name: 'Acuvue Oasys',
              quantity: 12,
              unit_cost: 1100,
              amount: 13200,
              lot_number: 'L2611A',
              expires_on: '2028-06-30',
            },
          ],
        }),
      ),
    ),
  );
  renderRoutes(
    [{ path: '/receive-orders/:id', element: <ViewScreen resource={receiveOrders} api={api} /> }],
    '/receive-orders/15',
  );
  await screen.findByRole('heading', { name: 'Receive Order RO-20260301-W00001-00000015' });
  expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  const sheet = document.querySelector('[data-print-sheet]') as HTMLElement;
  expect(within(sheet).getByText('No. RO-20260301-W00001-00000015')).toBeTruthy();
  expect(within(sheet).getByText('PO-20260301-W00001-00000009')).toBeTruthy();
  expect(within(sheet).getByText('Acuvue Oasys')).toBeTruthy();
  expect(within(sheet).getByText('L2611A')).toBeTruthy();
  expect(within(sheet).getByText('Jun 30, 2028')).toBeTruthy();
  expect(within(sheet).getAllByText(/13,200/)).toHaveLength(2);
  expect(within(sheet).getByText('Received by')).toBeTruthy();
});
