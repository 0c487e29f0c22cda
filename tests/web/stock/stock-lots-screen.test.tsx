// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getListStockLotsResponseMock } from '../../../generated/hooks/stock-lots/stock-lots.msw.ts';
import type { StockLot } from '../../../generated/model/index.ts';
import { stockLots } from '../../../src/areas/inventory/stock-lots.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { ListScreen } from '../../../src/screens/list/list-screen.tsx';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const requests: URL[] = [];

function lot(id: number, lotNumber: string, expiresOn: string, onHand: number): StockLot {
  return {
    ...(getListStockLotsResponseMock().data[0] as StockLot),
    id,
    deleted_at: null,
    item_code: 'AC-O1D-30',
    item_name: 'ACUVUE OASYS 1-Day with HydraLuxe (box of 30)',
    location_name: 'Makati Branch',
    lot_number: lotNumber,
    expires_on: expiresOn,
    quantity_on_hand: onHand,
    quantity_in_transit: 0,
  };
}

beforeEach(() => {
  requests.length = 0;
  // A cashier who may see stock, and nothing about lots by name: lots are part of stock.
  storeUser({ ...mockUser.user, permission_names: ['view-stocks'] });
  server.use(
    http.get('*/api/stock-lots', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const expiring = url.searchParams.get('expiring_within_days') !== null;
      const data = expiring
        ? [lot(1, 'AO1D-24117', '2026-11-16', 1)]
        : [lot(1, 'AO1D-24117', '2026-11-16', 1), lot(2, 'AO1D-25188', '2027-12-26', 12)];
      return HttpResponse.json({
        data,
        meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length },
        links: { prev: null, next: null },
      });
    }),
  );
});

async function renderLots(entry: string) {
  const api = await stockLots.load();
  renderRoutes([{ path: '/stock-lots', element: <ListScreen resource={stockLots} api={api} /> }], entry);
  await screen.findByText('AO1D-24117');
}

describe('the Lots screen', () => {
  it('lists each lot with its item, location, expiry and what is on hand, read-only, for view-stocks', async () => {
    await renderLots('/stock-lots');
    expect(screen.getByText('List of Lots - Total 2')).toBeTruthy();
    const row = screen.getByText('AO1D-25188').closest('tr') as HTMLElement;
    expect(within(row).getByText('Makati Branch')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create New' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('narrows to the lots expiring within the days chosen in Advanced Search', async () => {
    await renderLots('/stock-lots');
    fireEvent.click(screen.getByRole('button', { name: 'Advance Search' }));
    fireEvent.change(await screen.findByLabelText('Expiring within N days'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('expiring_within_days')).toBe('90'));
    await waitFor(() => expect(screen.getByText('List of Lots - Total 1')).toBeTruthy());
    expect(screen.queryByText('AO1D-25188')).toBeNull();
    expect(currentUrl().searchParams.get('expiring_within_days')).toBe('90');
  });
});
