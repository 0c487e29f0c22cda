// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getListBranchesResponseMock } from '../../../generated/hooks/branches/branches.msw.ts';
import { getGetContactResponseMock } from '../../../generated/hooks/contacts/contacts.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import {
  getCreatePurchaseOrderResponseMock,
  getGetPurchaseOrderResponseMock,
} from '../../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import { getCreateReceiveOrderResponseMock } from '../../../generated/hooks/receive-orders/receive-orders.msw.ts';
import { getListStocksResponseMock } from '../../../generated/hooks/stocks/stocks.msw.ts';
import { getListWarehousesResponseMock } from '../../../generated/hooks/warehouses/warehouses.msw.ts';
import type { Branch, PowerGrid, Stock } from '../../../generated/model/index.ts';
import { PowerGridScreen } from '../../../src/areas/inventory/lenses/power-grid-screen.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const family = getGetItemResponseMock({
  id: 40,
  code: 'HOYA-150-SV',
  name: 'Hoya Hilux 1.50 SV',
  optical_kind: 'ophthalmic_lens',
  variant_of_item_id: null,
  sphere: null,
  is_lot_tracked: false,
});

const page = { current_page: 1, last_page: 1, per_page: 100 as const, total: 1 };
const links = { prev: null, next: null };

let grid: PowerGrid;
let received: unknown[] = [];
let ordered: unknown[] = [];

// An open order of this branch from Hoya: 6 of -1.00/-0.50 (4 still to come) and 3 of -0.75/+0.00.
const orderLine = (id: number, itemId: number, quantity: number, receivedQuantity: number) => ({
  id,
  item_id: itemId,
  unit_of_measurement_id: null,
  item_code: `HX-${itemId}`,
  item_name: `Hoya ${itemId}`,
  quantity,
  unit_cost: 800,
  discount_percent: 0,
  received_quantity: receivedQuantity,
  billed_quantity: 0,
  still_to_come: quantity - receivedQuantity,
  unit_name: null,
  amount: quantity * 800,
});
const openOrder = getGetPurchaseOrderResponseMock({
  id: 31,
  number: 'PO-20261123-B00003-00000031',
  contact_id: 7,
  contact_name: 'Hoya Lens Philippines',
  branch_id: 3,
  warehouse_id: null,
  status: 'partially_received',
  deleted_at: null,
  lines: [orderLine(501, 42, 6, 2), orderLine(502, 43, 3, 0)],
});

beforeEach(() => {
  storeUser(mockUser.user);
  received = [];
  ordered = [];
  grid = {
    spheres: [-1, -0.75],
    cylinders: [0, -0.5],
    cells: [
      { sphere: -1, cylinder: 0, item_id: 41, quantity_on_hand: 6, quantity_in_transit: 0, below_reorder: false },
      { sphere: -1, cylinder: -0.5, item_id: 42, quantity_on_hand: 1, quantity_in_transit: 2, below_reorder: true },
      { sphere: -0.75, cylinder: 0, item_id: 43, quantity_on_hand: 0, quantity_in_transit: 0, below_reorder: true },
    ],
  };
  server.use(
    http.get('*/api/items/:id/power-grid', ({ request }) => {
      expect(new URL(request.url).searchParams.get('branch_id')).toBe('3');
      return HttpResponse.json(grid);
    }),
    http.get('*/api/items/:id', () => HttpResponse.json(family)),
    http.get('*/api/branches', () =>
      HttpResponse.json(
        getListBranchesResponseMock({
          data: [
            { ...(getListBranchesResponseMock().data[0] as Branch), id: 3, name: 'Makati Branch', deleted_at: null },
          ],
          meta: page,
          links,
        }),
      ),
    ),
    http.get('*/api/warehouses', () =>
      HttpResponse.json(getListWarehousesResponseMock({ data: [], meta: { ...page, total: 0 }, links })),
    ),
    http.get('*/api/contacts/search', () =>
      HttpResponse.json([getGetContactResponseMock({ id: 7, name: 'Hoya Lens Philippines', deleted_at: null })]),
    ),
    http.get('*/api/stocks', () =>
      HttpResponse.json(
        getListStocksResponseMock({
          data: [{ ...(getListStocksResponseMock().data[0] as Stock), id: 900, item_id: 42 }],
          meta: page,
          links,
        }) as object,
      ),
    ),
    http.get('*/api/purchase-orders/search', ({ request }) => {
      const params = new URL(request.url).searchParams;
      expect([params.get('has_unreceived'), params.get('branch_id')]).toEqual(['1', '3']);
      return HttpResponse.json([openOrder]);
    }),
    http.get('*/api/purchase-orders/:id', () => HttpResponse.json(openOrder)),
    http.post('*/api/purchase-orders', async ({ request }) => {
      ordered.push(await request.json());
      return HttpResponse.json(getCreatePurchaseOrderResponseMock({ id: 55, number: 'PO-20261123-B00003-00000055' }), {
        status: 201,
      });
    }),
    http.post('*/api/receive-orders', async ({ request }) => {
      const body = (await request.json()) as { lines: { item_id: number; quantity: number }[] };
      received.push(body);
      grid = {
        ...grid,
        cells: grid.cells.map((cell) => {
          const line = body.lines.find((candidate) => candidate.item_id === cell.item_id);
          return line
            ? { ...cell, quantity_on_hand: (cell.quantity_on_hand ?? 0) + line.quantity, below_reorder: false }
            : cell;
        }),
      };
      return HttpResponse.json(getCreateReceiveOrderResponseMock({ id: 77, number: 'RO-20261123-B00003-00000009' }), {
        status: 201,
      });
    }),
  );
});

async function pickFirst(name: string, text: string) {
  const input = document.querySelector(`input[name="${name}"]`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No ${name} picker.`);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`No ${name} suggestions.`);
  const [option] = await within(list).findAllByRole('option');
  if (!option) throw new Error(`Nothing offered in ${name}.`);
  fireEvent.mouseDown(option);
}

function renderGrid() {
  renderRoutes(
    [
      { path: '/items/power-grid', element: <PowerGridScreen /> },
      { path: '/stocks/:id', element: <p>Stock view</p> },
      { path: '/purchase-orders/:id', element: <p>Purchase order view</p> },
    ],
    '/items/power-grid?item_id=40&branch_id=3',
  );
}

describe('the power grid screen', () => {
  it('shows sphere rows and cylinder columns, on hand and in transit per cell, and marks the cells below reorder', async () => {
    renderGrid();
    const table = await screen.findByRole('table', { name: 'Power grid' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Sphere \\ Cylinder', '+0.00', '-0.50']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('rowheader')[0]?.textContent)).toEqual(['-1.00', '-0.75']);
    const low = screen.getByRole('button', {
      name: '-1.00 / -0.50: 1 on hand, 2 in transit, at or below reorder level',
    });
    expect(low.textContent).toBe('1 +2');
    expect(low.closest('td')?.getAttribute('data-below-reorder')).toBe('true');
    const plenty = screen.getByRole('button', { name: '-1.00 / +0.00: 6 on hand' });
    expect(plenty.closest('td')?.getAttribute('data-below-reorder')).toBeNull();
    await waitFor(() =>
      expect(document.querySelector('input[name="power-grid-family"]')?.getAttribute('value')).toBe(
        'Hoya Hilux 1.50 SV · HOYA-150-SV',
      ),
    );
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement).value).toBe('B3');
  });

  it('opens the stock of the cell clicked', async () => {
    renderGrid();
    fireEvent.click(await screen.findByRole('button', { name: /^-1\.00 \/ -0\.50/ }));
    await screen.findByText('Stock view');
    expect(currentUrl().pathname).toBe('/stocks/900');
  });

  it('ties the Lens Family label to its picker', async () => {
    renderGrid();
    await screen.findByRole('table', { name: 'Power grid' });
    expect(screen.getByLabelText('Lens Family').getAttribute('name')).toBe('power-grid-family');
  });

  it('orders the quantities typed into the grid from the chosen supplier, then opens the purchase order', async () => {
    renderGrid();
    fireEvent.click(await screen.findByRole('button', { name: 'Order Into Grid' }));
    await pickFirst('power-grid-supplier', 'Hoya');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Order -1.00 / -0.50' }), { target: { value: '6' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Order -0.75 / +0.00' }), { target: { value: '3' } });
    expect(screen.getByLabelText('-1.00 / -0.50: 1 on hand, 2 in transit, at or below reorder level').textContent).toBe(
      '1 +2',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Purchase Order' }));
    await screen.findByText('Purchase order view');
    expect(currentUrl().pathname).toBe('/purchase-orders/55');
    expect(ordered).toEqual([
      expect.objectContaining({
        contact_id: 7,
        branch_id: 3,
        lines: [
          { item_id: 42, quantity: 6 },
          { item_id: 43, quantity: 3 },
        ],
      }),
    ]);
  });

  it('receives against an open purchase order: its ordered powers only, at its lines, the on hand still shown', async () => {
    renderGrid();
    fireEvent.click(await screen.findByRole('button', { name: 'Receive Into Grid' }));
    await pickFirst('power-grid-order', 'PO');
    const lens = await screen.findByRole('spinbutton', { name: 'Receive -1.00 / -0.50' });
    expect(lens.getAttribute('placeholder')).toBe('of 4');
    expect(screen.queryByRole('spinbutton', { name: 'Receive -1.00 / +0.00' })).toBeNull();
    expect(screen.getByLabelText('-1.00 / +0.00: 6 on hand').textContent).toBe('6');
    fireEvent.change(lens, { target: { value: '4' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Receive -0.75 / +0.00' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Receive Order' }));
    await screen.findByText('Receive order RO-20261123-B00003-00000009 created.');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      purchase_order_id: 31,
      contact_id: 7,
      branch_id: 3,
      lines: [
        { purchase_order_line_id: 501, item_id: 42, quantity: 4 },
        { purchase_order_line_id: 502, item_id: 43, quantity: 3 },
      ],
    });
    expect(JSON.stringify(received[0])).not.toContain('unit_cost');
    fireEvent.click(screen.getByRole('button', { name: 'Stop Receiving' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '-1.00 / -0.50: 5 on hand, 2 in transit' })).toBeTruthy(),
    );
    expect(screen.getByRole('button', { name: '-0.75 / +0.00: 3 on hand' })).toBeTruthy();
  });

  it('receives one lot with its expiry into every cell of a lot-tracked family', async () => {
    server.use(http.get('*/api/items/:id', () => HttpResponse.json({ ...family, is_lot_tracked: true })));
    renderGrid();
    fireEvent.click(await screen.findByRole('button', { name: 'Receive Into Grid' }));
    await pickFirst('power-grid-order', 'PO');
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Receive -1.00 / -0.50' }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Receive Order' }));
    expect(await screen.findByText('A lot-tracked family needs the lot number and its expiry date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Lot Number/), { target: { value: 'L2611' } });
    fireEvent.change(screen.getByLabelText(/Expires On/), { target: { value: '2028-05-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Receive Order' }));
    await screen.findByText('Receive order RO-20261123-B00003-00000009 created.');
    expect(received[0]).toMatchObject({
      lines: [{ purchase_order_line_id: 501, item_id: 42, quantity: 2, lot_number: 'L2611', expires_on: '2028-05-31' }],
    });
  });
});
