// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetBrandResponseMock } from '../../../generated/hooks/brands/brands.msw.ts';
import { getListItemsResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { getListPurchaseOrdersResponseMock } from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { getGetWarehouseResponseMock } from '../../../generated/hooks/warehouses/warehouses.msw.ts';
import { items } from '../../../src/areas/inventory/items.ts';
import { purchaseOrders } from '../../../src/areas/purchasing/purchase-orders.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import type { ResourceDefinition } from '../../../src/resources/resource.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const listed: URL[] = [];
const page = { current_page: 1, last_page: 1, per_page: 15 as const, total: 0 };
const rayBan = getGetBrandResponseMock({ id: 7, name: 'Ray-Ban', deleted_at: null });
const pasig = getGetWarehouseResponseMock({ id: 4, name: 'Pasig Warehouse', deleted_at: null });

beforeEach(() => {
  listed.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/items', ({ request }) => {
      listed.push(new URL(request.url));
      return HttpResponse.json(getListItemsResponseMock({ data: [], meta: { ...page } }));
    }),
    http.get('*/api/purchase-orders', ({ request }) => {
      listed.push(new URL(request.url));
      return HttpResponse.json(getListPurchaseOrdersResponseMock({ data: [], meta: { ...page } }));
    }),
    http.get('*/api/brands/search', () => HttpResponse.json([rayBan])),
    http.get('*/api/brands/:id', () => HttpResponse.json(rayBan)),
    http.get('*/api/warehouses/search', () => HttpResponse.json([pasig])),
    http.get('*/api/warehouses/:id', () => HttpResponse.json(pasig)),
  );
});

async function renderList(resource: ResourceDefinition, entry: string) {
  const api = await resource.load();
  renderRoutes([{ path: `/${resource.key}`, element: <ListScreen resource={resource} api={api} /> }], entry);
  await waitFor(() => expect(listed.length).toBeGreaterThan(0));
}

async function openAdvanceSearch() {
  fireEvent.click(screen.getByRole('button', { name: 'Advance Search' }));
  return within(await screen.findByRole('dialog'));
}

async function pick(dialog: ReturnType<typeof within>, label: string, option: string) {
  const input = dialog.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.mouseDown(await screen.findByRole('option', { name: option }));
}

describe('Advance Search offers the list’s own filters', () => {
  it('filters items by brand, keeps the brand through a reload, and Clear Search clears it', async () => {
    await renderList(items, '/items');
    const dialog = await openAdvanceSearch();
    expect(dialog.getByLabelText('Item Type')).toBeTruthy();
    await pick(dialog, 'Brand', 'Ray-Ban');
    fireEvent.click(dialog.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl().searchParams.get('brand_id')).toBe('7'));
    await waitFor(() => expect(listed.at(-1)?.searchParams.get('brand_id')).toBe('7'));

    fireEvent.click(await screen.findByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(currentUrl().searchParams.has('brand_id')).toBe(false));
  });

  it('names the brand of a filter read back from the URL', async () => {
    await renderList(items, '/items?brand_id=7');
    expect(listed.at(-1)?.searchParams.get('brand_id')).toBe('7');
    const dialog = await openAdvanceSearch();
    await waitFor(() => expect((dialog.getByLabelText('Brand') as HTMLInputElement).value).toBe('Ray-Ban'));
  });

  it('filters purchase orders by a warehouse picked as the forms pick a location', async () => {
    await renderList(purchaseOrders, '/purchase-orders?branch_id=2');
    const dialog = await openAdvanceSearch();
    fireEvent.change(dialog.getByLabelText('Location'), { target: { value: 'warehouse' } });
    const [picker] = dialog
      .getAllByRole('combobox')
      .filter((box) => box.getAttribute('name') === 'filter-warehouse_id');
    if (!picker) throw new Error('No warehouse picker.');
    fireEvent.focus(picker);
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Pasig Warehouse' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl().searchParams.get('warehouse_id')).toBe('4'));
    expect(currentUrl().searchParams.has('branch_id')).toBe(false);
    await waitFor(() => expect(listed.at(-1)?.searchParams.get('warehouse_id')).toBe('4'));
  });
});
