// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { receiveOrders } from '../../../src/areas/purchasing/receive-orders.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const posted: Record<string, unknown>[] = [];

beforeEach(() => {
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/purchase-orders/:id', () =>
      HttpResponse.json(
        getGetPurchaseOrderResponseMock({
          id: 9,
          number: 'PO-20261101-W00001-00000009',
          contact_id: 7,
          contact_name: 'Alcon Laboratories Philippines',
          branch_id: null,
          warehouse_id: 1,
          lines: [
            {
              id: 91,
              item_id: 3,
              unit_of_measurement_id: null,
              item_code: 'AL-AQA-6',
              item_name: 'Air Optix Aqua (box of 6)',
              quantity: 10,
              unit_cost: 900,
              discount_percent: null,
              received_quantity: 0,
              still_to_come: 0,
              unit_name: null,
              billed_quantity: 0,
              amount: 9000,
            },
          ],
        }),
      ),
    ),
    http.get('*/api/items/3', () =>
      HttpResponse.json(getGetItemResponseMock({ id: 3, code: 'AL-AQA-6', is_lot_tracked: true })),
    ),
    http.get('*/api/items/search', () =>
      HttpResponse.json([
        getGetItemResponseMock({ id: 5, code: 'FR-001', name: 'Aviator Frame', is_lot_tracked: false }),
      ]),
    ),
    http.post('*/api/receive-orders', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(
        {
          message: 'Lot AQA-4471 of Air Optix Aqua expires on 2027-02-05.',
          errors: { 'lines.0.expires_on': ['Lot AQA-4471 of Air Optix Aqua expires on 2027-02-05.'] },
        },
        { status: 422 },
      );
    }),
  );
});

it('asks for a lot number and expiry on lines of lot-tracked items only, and shows the refusal on the line', async () => {
  const api = await receiveOrders.load();
  renderRoutes(
    [
      {
        path: '/receive-orders/create/:purchase_order_id?',
        element: <FormScreen resource={receiveOrders} api={api} mode="create" />,
      },
    ],
    '/receive-orders/create/9',
  );

  // The order's contact lens line asks its item whether it is kept by lot: it is.
  await waitFor(() => expect(screen.getByLabelText('Lot Number 1').tagName).toBe('INPUT'));
  const lot = screen.getByLabelText('Lot Number 1') as HTMLInputElement;
  expect(lot.placeholder).toBe('Lot number');
  expect((screen.getByLabelText('Expiry 1') as HTMLInputElement).type).toBe('date');

  // A frame has no lots: its lot cells are a dash.
  fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
  const picker = screen.getByRole('combobox', { name: 'Item 2' });
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'FR' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'Aviator Frame · FR-001' }));
  await waitFor(() => expect(screen.getByLabelText('Lot Number 2').tagName).not.toBe('INPUT'));
  expect(screen.getByLabelText('Lot Number 2').textContent).toBe('—');
  fireEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));

  fireEvent.change(lot, { target: { value: 'AQA-4471' } });
  fireEvent.change(screen.getByLabelText('Expiry 1'), { target: { value: '2027-03-31' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByLabelText('Expiry 1').getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getAllByText('Lot AQA-4471 of Air Optix Aqua expires on 2027-02-05.').length).toBeGreaterThan(0);
  const lines = posted[0]?.lines as Record<string, unknown>[];
  expect(lines[0]).toMatchObject({ item_id: 3, lot_number: 'AQA-4471', expires_on: '2027-03-31' });
});
