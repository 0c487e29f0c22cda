// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetJobOrderResponseMock } from '../../../generated/hooks/job-orders/job-orders.msw.ts';
import type { JobOrderLine } from '../../../generated/model/index.ts';
import { jobOrders } from '../../../src/areas/eye-care/job-orders.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

// docs/domain/eye-care.md, Remakes: the order's view remakes it, with the reason, who is accountable and the lines.
const asked: unknown[] = [];

const line = (id: number, role: 'frame' | 'lens_od', name: string): JobOrderLine => ({
  id,
  role,
  item_id: id,
  quantity: 1,
  unit_price: 1500,
  discount_percent: null,
  item_code: null,
  item_name: name,
  item_type_name: null,
  amount: 1500,
  tax_class: 'vatable',
  special_discount_amount: 0,
  power_note: null,
});

const order = (id: number) =>
  getGetJobOrderResponseMock({
    id,
    number: id === 31 ? 'JO-20261121-B00001-00000031' : 'JO-20261122-B00001-00000032',
    status: id === 31 ? 'claimed' : 'open',
    deleted_at: null,
    lab_credit: null,
    lines: [line(301, 'frame', 'Wayfarer frame'), line(302, 'lens_od', 'Index 1.67 lens')],
  });

beforeEach(() => {
  asked.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/job-orders/:id', ({ params }) => HttpResponse.json(order(Number(params.id)))),
    http.get('*/api/job-orders/:id/history', () => HttpResponse.json([])),
    http.post('*/api/job-orders/:id/remake', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json(order(32));
    }),
  );
});

it('remakes a claimed order with its reason, who is accountable and only the lines kept', async () => {
  const api = await jobOrders.load();
  renderRoutes([{ path: '/job-orders/:id', element: <ViewScreen resource={jobOrders} api={api} /> }], '/job-orders/31');
  fireEvent.click(await screen.findByRole('button', { name: 'Remake' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remake JO-20261121-B00001-00000031' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remake' }));
  expect(await within(dialog).findByText('Choose the reason and who is accountable.')).toBeTruthy();
  fireEvent.change(within(dialog).getByRole('combobox', { name: 'Reason' }), { target: { value: 'measurement' } });
  fireEvent.change(within(dialog).getByRole('combobox', { name: 'Accountable' }), { target: { value: 'optician' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'PD off by 2 mm' } });
  const frame = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Wayfarer frame (frame)' });
  expect(frame.checked).toBe(true);
  fireEvent.click(within(dialog).getByText('Wayfarer frame (frame)'));
  await waitFor(() => expect(frame.checked).toBe(false));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remake' }));
  await waitFor(() => expect(asked).toHaveLength(1));
  expect(asked[0]).toEqual({
    remake_reason: 'measurement',
    accountable: 'optician',
    notes: 'PD off by 2 mm',
    lines: [302],
  });
  expect(await screen.findByText(/is remade as JO-20261122-B00001-00000032/)).toBeTruthy();
});
