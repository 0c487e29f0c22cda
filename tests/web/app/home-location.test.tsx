// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import type { AuthUser } from '../../../generated/model/index.ts';
import { stockRequests } from '../../../src/areas/logistics/stock-requests.ts';
import { receiveOrders } from '../../../src/areas/purchasing/receive-orders.ts';
import { invoices } from '../../../src/areas/sales/invoices.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const cashier: AuthUser = {
  ...mockUser.user,
  name: 'Carla Santos',
  userable_from: 'Makati Branch',
  userable_type: 'branch',
  userable_id: 4,
  permission_names: ['view-invoices', 'create-invoices', 'view-contacts', 'view-branches'],
};

const clerk: AuthUser = {
  ...mockUser.user,
  name: 'Ramon Cruz',
  userable_from: 'Central Warehouse',
  userable_type: 'warehouse',
  userable_id: 2,
  permission_names: ['view-receive-orders', 'create-receive-orders', 'work-at-any-location'],
};

const input = (name: string): HTMLInputElement => {
  const found = document.querySelector(`input[name="${name}"]`);
  if (!(found instanceof HTMLInputElement)) throw new Error(`No input named ${name}.`);
  return found;
};

async function renderCreate(resource: ResourceDefinition, user: AuthUser) {
  storeUser(user);
  server.use(http.get('*/api/auth/user', () => HttpResponse.json({ user })));
  const api = await resource.load();
  renderRoutes(
    [{ path: `/${resource.key}/create`, element: <FormScreen resource={resource} api={api} mode="create" /> }],
    `/${resource.key}/create`,
  );
}

it("starts the cashier's invoice at her branch and asks only for the branches she may use", async () => {
  const numbered: unknown[] = [];
  const branchSearches: URL[] = [];
  server.use(
    http.get('*/api/branches/search', ({ request }) => {
      branchSearches.push(new URL(request.url));
      return HttpResponse.json([]);
    }),
    http.post('*/api/documents/get-number-total-count', async ({ request }) => {
      numbered.push(await request.json());
      return HttpResponse.json({ total: 41 });
    }),
  );
  await renderCreate(invoices, cashier);
  await waitFor(() => expect(input('branch_id').value).toBe('Makati Branch'));
  const branch = input('branch_id');
  // The number preview counts at the branch the invoice starts at.
  await waitFor(() => expect(numbered).toContainEqual(expect.objectContaining({ branch_id: 4 })));

  fireEvent.focus(branch);
  fireEvent.change(branch, { target: { value: 'Que' } });
  await waitFor(() => expect(branchSearches.at(-1)?.searchParams.get('usable')).toBe('1'));
});

it('offers a clerk bound to his warehouse only warehouses as the location kind', async () => {
  await renderCreate(receiveOrders, { ...clerk, permission_names: ['view-receive-orders', 'create-receive-orders'] });
  const kind = (await screen.findByRole('combobox', { name: 'Location: branch or warehouse' })) as HTMLSelectElement;
  expect([...kind.options].map((option) => option.value)).toEqual(['warehouse']);
});

it("starts the clerk's receive order at his warehouse, and lets him pick another when a role allows it", async () => {
  let searched = 0;
  server.use(
    http.get('*/api/warehouses/search', () => {
      searched += 1;
      return HttpResponse.json([]);
    }),
  );
  await renderCreate(receiveOrders, clerk);
  const kind = (await screen.findByRole('combobox', { name: 'Location: branch or warehouse' })) as HTMLSelectElement;
  expect(kind.value).toBe('warehouse');
  expect([...kind.options].map((option) => option.value)).toEqual(['branch', 'warehouse']);
  const location = input('warehouse_id');
  expect(location.value).toBe('Central Warehouse');
  fireEvent.focus(location);
  await waitFor(() => expect(searched).toBeGreaterThan(0));
});

it("starts the cashier's stock request at her branch as the requesting side, the supplying side a warehouse to pick", async () => {
  await renderCreate(stockRequests, {
    ...cashier,
    permission_names: ['view-stock-requests', 'create-stock-requests', 'view-branches', 'view-warehouses'],
  });
  expect(await screen.findByText('Requesting location')).toBeTruthy();
  expect(screen.getByText('Supplying location')).toBeTruthy();
  expect(screen.queryByText('From')).toBeNull();
  await waitFor(() => expect(input('to_branch_id').value).toBe('Makati Branch'));
  const labels = [...document.querySelectorAll('label')].map((label) => label.textContent ?? '');
  expect(labels.findIndex((text) => text.includes('Requesting location'))).toBeLessThan(
    labels.findIndex((text) => text.includes('Supplying location')),
  );
  // A branch asks the warehouse for stock as a rule: the supplying side starts as a warehouse.
  expect(screen.getByLabelText<HTMLSelectElement>('Supplying location: branch or warehouse').value).toBe('warehouse');
});

it("shows the cashier another branch's invoice read-only, and her own with its actions", async () => {
  const { getGetInvoiceResponseMock } = await import('../../../generated/hooks/invoices/invoices.msw.ts');
  const { ViewScreen } = await import('../../../src/screens/view/view-screen.tsx');
  const user = {
    ...cashier,
    permission_names: ['view-invoices', 'update-invoices', 'delete-invoices', 'create-invoice-payments'],
  };
  storeUser(user);
  server.use(
    http.get('*/api/auth/user', () => HttpResponse.json({ user })),
    http.get('*/api/invoices/:id', ({ params }) =>
      HttpResponse.json(
        getGetInvoiceResponseMock({
          id: Number(params.id),
          number: `INV-20260301-B00004-0000000${params.id}`,
          branch_id: Number(params.id) === 1 ? 4 : 7,
          deleted_at: null,
          status: 'unpaid',
          balance: 500,
          job_order_id: null,
        }),
      ),
    ),
  );
  const api = await invoices.load();
  const view = renderRoutes(
    [{ path: '/invoices/:id', element: <ViewScreen resource={invoices} api={api} /> }],
    '/invoices/2',
  );
  await screen.findAllByText('INV-20260301-B00004-00000002');
  expect(screen.getByRole('button', { name: /Print/ })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Record Payment' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  view.unmount();

  renderRoutes([{ path: '/invoices/:id', element: <ViewScreen resource={invoices} api={api} /> }], '/invoices/1');
  expect(await screen.findByRole('link', { name: 'Record Payment' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
});
