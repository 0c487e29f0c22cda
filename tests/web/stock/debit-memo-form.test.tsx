// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBillResponseMock } from '../../../generated/hooks/bills/bills.msw.ts';
import {
  getCreateDebitMemoResponseMock,
  getListDebitMemosResponseMock,
} from '../../../generated/hooks/debit-memos/debit-memos.msw.ts';
import { getGetItemResponseMock } from '../../../generated/hooks/items/items.msw.ts';
import { getListStockLotsResponseMock } from '../../../generated/hooks/stock-lots/stock-lots.msw.ts';
import { getListStocksResponseMock } from '../../../generated/hooks/stocks/stocks.msw.ts';
import { debitMemos } from '../../../src/areas/purchasing/debit-memos.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { FormScreen } from '../../../src/screens/form/form-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/purchasing.md, Debit memos: a return against a bill starts with each line at what can go back (left to
// debit, at most what is on hand where it was received), and a lot is picked from the lots on hand there.

withMockServer();

const billLine = (id: number, itemId: number, name: string, quantity: number) => ({
  id,
  purchase_order_line_id: null,
  item_id: itemId,
  item_code: `C-${itemId}`,
  item_name: name,
  quantity,
  unit_cost: 500,
  discount_percent: null,
  amount: quantity * 500,
  revalued_quantity: 0,
  revalued_on_hand: 0,
  revalued_to_cost_of_sales: 0,
});

// Billed 24, 19, 25 and 16; 9, 8, 9 and 6 on hand; 20 of the third line already went back on an earlier memo.
const bill = getGetBillResponseMock({
  id: 7,
  number: 'B-20261101-B00001-00000007',
  contact_id: 2,
  contact_name: 'Luxottica',
  branch_id: 1,
  warehouse_id: null,
  location_name: 'Makati Branch',
  deleted_at: null,
  lines: [
    billLine(71, 101, 'Wayfarer frame', 24),
    billLine(72, 102, 'Aviator frame', 19),
    billLine(73, 103, 'Round frame', 25),
    billLine(74, 104, 'Daily lenses', 16),
  ],
});
const onHand: Record<number, number> = { 101: 9, 102: 8, 103: 9, 104: 6 };

const posted: unknown[] = [];

beforeEach(() => {
  posted.length = 0;
  storeUser(mockUser.user);
  server.use(
    http.get('*/api/bills/:id', () => HttpResponse.json(bill)),
    http.get('*/api/debit-memos', () => {
      const earlier = getListDebitMemosResponseMock().data[0];
      return HttpResponse.json(
        getListDebitMemosResponseMock({
          data: earlier
            ? [{ ...earlier, bill_id: 7, lines: [{ ...earlier.lines[0], bill_line_id: 73, quantity: 20 }] }]
            : [],
        } as never),
      );
    }),
    http.get('*/api/stocks', ({ request }) => {
      const itemId = Number(new URL(request.url).searchParams.get('item_id'));
      const row = getListStocksResponseMock().data[0];
      return HttpResponse.json(
        getListStocksResponseMock({
          data: row
            ? [
                {
                  ...row,
                  id: 500 + itemId,
                  item_id: itemId,
                  branch_id: 1,
                  warehouse_id: null,
                  quantity_on_hand: onHand[itemId] ?? 0,
                },
              ]
            : [],
        }),
      );
    }),
    http.get('*/api/stock-lots', ({ request }) => {
      const stockId = Number(new URL(request.url).searchParams.get('stock_id'));
      const lot = getListStockLotsResponseMock().data[0];
      const lots =
        stockId === 604 && lot
          ? [
              { ...lot, stock_id: 604, lot_number: 'L-LATE', expires_on: '2028-03-31', quantity_on_hand: 4 },
              { ...lot, stock_id: 604, lot_number: 'L-EARLY', expires_on: '2027-06-30', quantity_on_hand: 2 },
              { ...lot, stock_id: 604, lot_number: 'L-GONE', expires_on: '2027-01-31', quantity_on_hand: 0 },
            ]
          : [];
      return HttpResponse.json(getListStockLotsResponseMock({ data: lots }));
    }),
    http.get('*/api/items/:id', ({ params }) =>
      HttpResponse.json(getGetItemResponseMock({ id: Number(params.id), is_lot_tracked: params.id === '104' })),
    ),
    http.post('*/api/documents/get-number-total-count', () => HttpResponse.json({ total: 2 })),
    http.post('*/api/documents/get-reference-number-total-count', () => HttpResponse.json({ total: 0 })),
    http.post('*/api/debit-memos', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(getCreateDebitMemoResponseMock({ id: 41 }), { status: 201 });
    }),
  );
});

it('starts each line at what can go back: on hand, never more than is left on the bill line', async () => {
  const api = await debitMemos.load();
  renderRoutes(
    [{ path: '/debit-memos/create/:bill_id?', element: <FormScreen resource={debitMemos} api={api} mode="create" /> }],
    '/debit-memos/create/7',
  );
  await waitFor(() => expect(screen.getAllByRole('spinbutton', { name: /^Quantity/ })).toHaveLength(4));
  const quantities = screen.getAllByRole('spinbutton', { name: /^Quantity/ }) as HTMLInputElement[];
  expect(quantities.map((input) => input.value)).toEqual(['9', '8', '5', '6']);

  // The lot is one of those on hand here, earliest expiry first; an empty lot is not offered.
  const lot = (await screen.findByRole('combobox', { name: 'Lot 4' })) as HTMLSelectElement;
  await waitFor(() => expect(lot.options.length).toBe(3));
  expect([...lot.options].map((option) => option.textContent)).toEqual([
    'Earliest expiry',
    'L-EARLY (exp. Jun 30, 2027), 2 on hand',
    'L-LATE (exp. Mar 31, 2028), 4 on hand',
  ]);
  fireEvent.change(lot, { target: { value: 'L-LATE' } });
  fireEvent.change(quantities[3] as HTMLInputElement, { target: { value: '4' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({
    bill_id: 7,
    lines: [
      { bill_line_id: 71, quantity: 9 },
      { bill_line_id: 72, quantity: 8 },
      { bill_line_id: 73, quantity: 5 },
      { bill_line_id: 74, quantity: 4, lot_number: 'L-LATE' },
    ],
  });
});
