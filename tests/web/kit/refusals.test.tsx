// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/app/query-client.ts';
import { purchaseOrders } from '../../../src/areas/purchasing/purchase-orders.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

let listRequests = 0;

beforeEach(() => {
  listRequests = 0;
  storeUser(mockUser.user);
});

async function renderOrders(entry: string) {
  const api = await purchaseOrders.load();
  renderRoutes(
    [
      { path: '/purchase-orders', element: <ListScreen resource={purchaseOrders} api={api} /> },
      { path: '/purchase-orders/:id', element: <ViewScreen resource={purchaseOrders} api={api} /> },
      { path: '/purchase-orders/:id/edit', element: <FormScreen resource={purchaseOrders} api={api} mode="edit" /> },
      { path: '/purchase-orders/create', element: <FormScreen resource={purchaseOrders} api={api} mode="create" /> },
      { path: '/overview', element: <p>Overview</p> },
    ],
    entry,
  );
}

const refused = (status: number) =>
  new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { message: '' },
  });

describe('a form the user may not use', () => {
  it('sends them to the list, as docs/domain/screens.md says, and says why', async () => {
    storeUser({ ...mockUser.user, permission_names: ['view-purchase-orders'] });
    await renderOrders('/purchase-orders/create');
    expect(await screen.findByText('You do not have permission to create Purchase Orders.')).toBeTruthy();
    expect(currentUrl().pathname).toBe('/purchase-orders');
  });
});

describe('a screen the user may not open', () => {
  it('says so in one sentence with the way back, without asking the server or showing an empty table', async () => {
    storeUser({ ...mockUser.user, permission_names: ['view-invoices'] });
    server.use(
      http.get('*/api/purchase-orders', () => {
        listRequests += 1;
        return HttpResponse.json({ message: 'no' }, { status: 403 });
      }),
    );
    await renderOrders('/purchase-orders');
    expect(await screen.findByText('You do not have permission to view Purchase Orders.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Overview' }).getAttribute('href')).toBe('/overview');
    expect(screen.queryByText(/Total/)).toBeNull();
    expect(listRequests).toBe(0);
  });

  it('shows the same sentence when the server refuses a list the stored permissions allowed', async () => {
    server.use(
      http.get('*/api/purchase-orders', () =>
        HttpResponse.json({ message: 'You do not have permission to view Purchase Orders.' }, { status: 403 }),
      ),
    );
    await renderOrders('/purchase-orders');
    expect(await screen.findByText('You do not have permission to view Purchase Orders.')).toBeTruthy();
    expect(screen.queryByText(/List of Purchase Orders/)).toBeNull();
  });

  it('says at once that a record does not exist, with the way back to the list', async () => {
    server.use(
      http.get('*/api/purchase-orders/:id', () => HttpResponse.json({ message: 'Not Found.' }, { status: 404 })),
    );
    await renderOrders('/purchase-orders/999');
    expect(await screen.findByText('This Purchase Order does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Purchase Orders' }).getAttribute('href')).toBe('/purchase-orders');
  });

  it('says the same on the edit form of a missing record', async () => {
    server.use(
      http.get('*/api/purchase-orders/:id', () => HttpResponse.json({ message: 'Not Found.' }, { status: 404 })),
    );
    await renderOrders('/purchase-orders/999/edit');
    expect(await screen.findByText('This Purchase Order does not exist.')).toBeTruthy();
  });

  it('is not asked again: 401, 403 and 404 are final, other failures are retried', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('The query client decides retries by the error.');
    for (const status of [401, 403, 404]) expect(retry(0, refused(status))).toBe(false);
    expect(retry(0, refused(503))).toBe(true);
  });
});
