// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getCreateBillResponseMock } from '../../../generated/hooks/bills/bills.msw.ts';
import { getGetPurchaseOrderResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { bills } from '../../../src/areas/purchasing/bills.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// docs/domain/purchasing.md, Bills: a bill made from a purchase order starts at what was received and not yet billed, and
// the form warns on a line that bills more (a supplier may bill ahead, so it is still sent).
const posted: unknown[] = [];

const orderLine = (id: number, name: string, quantity: number, received: number, billed: number) => ({
  id,
  item_id: id + 100,
  item_code: `FR-${id}`,
  item_name: name,
  unit_of_measurement_id: null,
  unit_of_measurement_name: null,
  quantity,
  unit_cost: 100,
  discount_percent: null,
  received_quantity: received,
  still_to_come: Math.max(0, quantity - received),
  unit_name: null,
  billed_quantity: billed,
  amount: quantity * 100,
});

beforeEach(() => {
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/purchase-orders/:id', () =>
      HttpResponse.json(
        getGetPurchaseOrderResponseMock({
          id: 42,
          number: 'PO-20261121-W00001-00000042',
          contact_id: 5,
          contact_name: 'Luxottica Philippines',
          branch_id: null,
          warehouse_id: 3,
          location_name: 'Central Warehouse',
          job_order_id: null,
          lines: [
            orderLine(1, 'Ray-Ban Wayfarer', 10, 8, 0),
            orderLine(2, 'Oakley Holbrook', 4, 4, 4),
            orderLine(3, 'Ray-Ban Aviator', 6, 5, 2),
          ],
        }),
      ),
    ),
    http.post('*/api/bills', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(getCreateBillResponseMock({ id: 9 }), { status: 201 });
    }),
  );
});

it('starts each line at what was received and not yet billed, and warns on a line that bills more', async () => {
  const api = await bills.load();
  renderRoutes(
    [{ path: '/bills/create/:purchase_order_id?', element: <FormScreen resource={bills} api={api} mode="create" /> }],
    '/bills/create/42',
  );
  const first = (await screen.findByLabelText('Quantity 1')) as HTMLInputElement;
  expect(first.value).toBe('8');
  expect((screen.getByLabelText('Quantity 2') as HTMLInputElement).value).toBe('3');
  // The fully billed line is left out.
  expect(screen.queryByLabelText('Quantity 3')).toBeNull();
  expect(screen.queryByText(/More than received/)).toBeNull();

  fireEvent.change(first, { target: { value: '10' } });
  expect(await screen.findByText('More than received: 8 received and not yet billed.')).toBeTruthy();
  fireEvent.change(first, { target: { value: '8' } });
  await waitFor(() => expect(screen.queryByText(/More than received/)).toBeNull());
  fireEvent.change(first, { target: { value: '10' } });
  await screen.findByText(/More than received/);

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({
    purchase_order_id: 42,
    lines: [
      { purchase_order_line_id: 1, quantity: 10 },
      { purchase_order_line_id: 3, quantity: 3 },
    ],
  });
  expect(JSON.stringify(posted[0])).not.toContain('_received_unbilled');
});
