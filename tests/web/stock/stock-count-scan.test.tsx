// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { getGetStockCountResponseMock } from '../../../generated/hooks/stock-counts/stock-counts.msw.ts';
import type { StockCountLine, StockCountVariance } from '../../../generated/model/index.ts';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { stockCounts } from '../../../src/areas/logistics/stock-counts.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ViewScreen } from '../../../src/screens/view/view-screen.tsx';
import { renderRoutes, server, withMockServer } from '../support.tsx';

// docs/domain/logistics.md, Stock counts: a scanner is a keyboard that types the code and presses Enter; the one field
// adds a line each time and is ready for the next scan, and a blind count shows the counter no expected figure.

withMockServer();

let lines: StockCountLine[] = [];
let sent: Record<string, unknown>[] = [];
let posted: Record<string, unknown>[] = [];
let status: 'counting' | 'posted' = 'counting';

const items: Record<string, { id: number; name: string }> = {
  'RB-2140': { id: 5, name: 'Wayfarer frame' },
  '4800000000017': { id: 7, name: 'Lens solution 360 ml' },
};

function count() {
  return getGetStockCountResponseMock({
    id: 12,
    number: 'CNT-20261126-B00001-00000001',
    location_name: 'Makati Branch',
    status,
    blind: true,
    deleted_at: null,
    stock_adjustment_id: null,
    stock_adjustment_number: null,
    lines,
  });
}

function variance(): StockCountVariance {
  return {
    lines: lines.map((line) => ({
      line_id: line.id,
      item_id: line.item_id,
      item_code: line.item_code,
      item_name: line.item_name,
      lot_number: null,
      counted_at: line.counted_at,
      expected: null,
      counted: line.counted_quantity,
      difference: null,
      value: null,
    })),
    uncounted: [],
    totals: { gained_value: null, lost_value: null },
  };
}

beforeEach(() => {
  lines = [];
  sent = [];
  posted = [];
  status = 'counting';
  setSelectedBusinessId(3);
  server.use(
    http.get('*/api/businesses/get-all-businesses', () =>
      HttpResponse.json({ businesses: [getGetBusinessResponseMock({ id: 3, name: 'Spectacle Optical' })] }),
    ),
    http.get('*/api/stock-counts/:id/variance', () => HttpResponse.json(variance())),
    http.get('*/api/stock-counts/:id/history', () => HttpResponse.json([])),
    http.get('*/api/stock-counts/:id', () => HttpResponse.json(count())),
    http.post('*/api/stock-counts/:id/post', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(count());
    }),
    http.post('*/api/stock-counts/:id/lines', async ({ request }) => {
      const body = (await request.json()) as { code: string; counted_quantity: number };
      sent.push(body);
      const item = items[body.code];
      if (!item) {
        return HttpResponse.json(
          {
            message: 'No item has the code or barcode NOPE.',
            errors: { code: ['No item has the code or barcode NOPE.'] },
          },
          { status: 422 },
        );
      }
      const existing = lines.find((line) => line.item_id === item.id);
      const line: StockCountLine = existing ?? {
        id: lines.length + 1,
        item_id: item.id,
        item_code: body.code,
        item_name: item.name,
        lot_number: null,
        expires_on: null,
        counted_quantity: 0,
        counted_at: '2026-11-26T01:00:00.000Z',
        counted_by: 2,
        counted_by_name: 'Clemente Clerk',
      };
      line.counted_quantity += body.counted_quantity;
      if (!existing) lines.push(line);
      return HttpResponse.json(line, { status: 201 });
    }),
  );
});

async function renderCount() {
  const api = await stockCounts.load();
  renderRoutes(
    [{ path: '/stock-counts/:id', element: <ViewScreen resource={stockCounts} api={api} /> }],
    '/stock-counts/12',
  );
  await screen.findByRole('heading', { name: 'Stock Count CNT-20261126-B00001-00000001' });
}

it('adds a line for every scanned code, and stays ready for the next scan', async () => {
  storeUser({
    ...mockUser.user,
    permission_names: ['view-stock-counts', 'update-stock-counts'],
  });
  await renderCount();
  const field = await screen.findByRole('textbox', { name: 'Scan or type a code' });
  const user = userEvent.setup();
  await user.click(field);
  await user.keyboard('RB-2140{Enter}');
  await screen.findByText('Counted Wayfarer frame: 1 so far.');
  expect(field).toHaveProperty('value', '');
  expect(document.activeElement).toBe(field);
  await user.keyboard('RB-2140{Enter}');
  await screen.findByText('Counted Wayfarer frame: 2 so far.');
  const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
  await user.clear(quantity);
  await user.type(quantity, '10');
  await user.click(field);
  await user.keyboard('4800000000017{Enter}');
  await screen.findByText('Counted Lens solution 360 ml: 10 so far.');
  expect(quantity).toHaveProperty('value', '1');
  await user.keyboard('4800000000017{Enter}');
  await screen.findByText('Counted Lens solution 360 ml: 11 so far.');
  expect(sent).toEqual([
    { code: 'RB-2140', counted_quantity: 1 },
    { code: 'RB-2140', counted_quantity: 1 },
    { code: '4800000000017', counted_quantity: 10 },
    { code: '4800000000017', counted_quantity: 1 },
  ]);
  const counted = await screen.findByRole('table', { name: /Counted \(2\)/ });
  await waitFor(() => expect(within(counted).getAllByRole('row')).toHaveLength(3));
  expect(within(counted).getByText('Wayfarer frame').closest('tr')?.textContent).toContain('2');

  await user.keyboard('NOPE{Enter}');
  expect(await screen.findByText('No item has the code or barcode NOPE.')).toBeTruthy();
  expect(field).toHaveProperty('value', 'NOPE');
});

it('shows a counter of a blind count no expected figure and no Post button', async () => {
  storeUser({ ...mockUser.user, permission_names: ['view-stock-counts', 'update-stock-counts'] });
  lines = [
    {
      id: 1,
      item_id: 5,
      item_code: 'RB-2140',
      item_name: 'Wayfarer frame',
      lot_number: null,
      expires_on: null,
      counted_quantity: 3,
      counted_at: '2026-11-26T01:00:00.000Z',
      counted_by: 2,
      counted_by_name: 'Clemente Clerk',
    },
  ];
  await renderCount();
  const table = await screen.findByRole('table', { name: /Counted \(1\)/ });
  const row = within(table).getByText('Wayfarer frame').closest('tr');
  expect(row?.textContent).toContain('—');
  expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
  expect(screen.queryByRole('checkbox', { name: 'Differences only' })).toBeNull();
});

it('lets a holder of post-stock-counts post, counting the uncounted as none', async () => {
  storeUser({ ...mockUser.user, permission_names: ['view-stock-counts', 'post-stock-counts'] });
  await renderCount();
  expect(screen.queryByRole('textbox', { name: 'Scan or type a code' })).toBeNull();
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Items not counted'), 'zero');
  await user.click(screen.getByRole('button', { name: 'Post' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(posted).toEqual([{ uncounted: 'zero' }]));
});

it('offers no Delete on a posted count, which the API refuses, and says why; a count still counting can be deleted', async () => {
  storeUser({ ...mockUser.user, permission_names: ['view-stock-counts', 'delete-stock-counts'] });
  status = 'posted';
  const api = await stockCounts.load();
  const { unmount } = renderRoutes(
    [{ path: '/stock-counts/:id', element: <ViewScreen resource={stockCounts} api={api} /> }],
    '/stock-counts/12',
  );
  expect(await screen.findByText('A posted count is read-only; void its stock adjustment instead.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  unmount();

  status = 'counting';
  await renderCount();
  expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
  expect(screen.queryByText('A posted count is read-only; void its stock adjustment instead.')).toBeNull();
});

it('shows a count of 5,000 lines a page at a time, its differences only, largest loss first, with Post at hand', async () => {
  storeUser({ ...mockUser.user, permission_names: ['view-stock-counts', 'update-stock-counts', 'post-stock-counts'] });
  lines = Array.from({ length: 5000 }, (_, index) => ({
    id: index + 1,
    item_id: 100 + index,
    item_code: `BULK-${index}`,
    item_name: `Bulk frame ${index}`,
    lot_number: null,
    expires_on: null,
    counted_quantity: 5,
    counted_at: '2026-11-26T01:00:00.000Z',
    counted_by: 2,
    counted_by_name: 'Clemente Clerk',
  }));
  // Every 100th line is one short, line 3,999 three short: 51 lines differ.
  const expectedOf = (id: number) => (id === 3999 ? 8 : id % 100 === 0 ? 6 : 5);
  server.use(
    http.get('*/api/stock-counts/:id/variance', () =>
      HttpResponse.json({
        lines: lines.map((line) => ({
          line_id: line.id,
          item_id: line.item_id,
          item_code: line.item_code,
          item_name: line.item_name,
          lot_number: null,
          counted_at: line.counted_at,
          expected: expectedOf(line.id),
          counted: line.counted_quantity,
          difference: line.counted_quantity - expectedOf(line.id),
          value: (line.counted_quantity - expectedOf(line.id)) * 100,
        })),
        uncounted: [],
        totals: { gained_value: 0, lost_value: 5300 },
      } satisfies StockCountVariance),
    ),
  );
  await renderCount();
  const table = await screen.findByRole('table', { name: /^Counted \(5000\)/ });
  await within(table).findByText('BULK-0');
  expect(within(table).getAllByRole('row')).toHaveLength(51);
  expect(screen.getByText('Page 1 of 100')).toBeTruthy();
  const posting = screen.getByRole('region', { name: 'Posting' });
  expect(within(posting).getByRole('button', { name: 'Post' })).toBeTruthy();
  expect(posting.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: 'Differences only' }));
  await screen.findByRole('table', { name: /51 with a difference/ });
  const differing = screen.getByRole('table', { name: /51 with a difference/ });
  expect(within(differing).getAllByRole('row')).toHaveLength(51);
  expect(within(differing).queryByText('BULK-1')).toBeNull();
  expect(screen.getByText('Page 1 of 2')).toBeTruthy();

  await user.selectOptions(screen.getByLabelText('Sort by'), 'loss');
  const sorted = screen.getByRole('table', { name: /51 with a difference/ });
  const [, first] = within(sorted).getAllByRole('row');
  expect(first?.textContent).toContain('BULK-3998');
  expect(first?.textContent).toContain('-3');

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(within(screen.getByRole('table', { name: /51 with a difference/ })).getAllByRole('row')).toHaveLength(2);
});
