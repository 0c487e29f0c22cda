// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetDailySalesResponseMock } from '../../../generated/hooks/reports/reports.msw.ts';
import { DailySalesScreen } from '../../../src/areas/reports/daily-sales-screen.tsx';
import { OverviewScreen } from '../../../src/areas/reports/overview.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { formatMoney } from '../../../src/format/money.ts';
import { dashboardOverview, mockUser } from '../../../src/mocks/handlers.ts';
import { renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

beforeEach(() => {
  storeUser(mockUser.user);
});

function renderOverview() {
  renderRoutes([{ path: '/overview', element: <OverviewScreen /> }], '/overview');
}

describe('the Overview', () => {
  it('shows no receivables or payables the server answers null (no view-invoices, no view-bills)', async () => {
    server.use(
      http.get('*/api/dashboard/overview', () =>
        HttpResponse.json({ ...dashboardOverview(), receivables: null, payables: null }),
      ),
    );
    renderOverview();
    expect(await screen.findByText('Sales and purchases, last 30 days')).toBeTruthy();
    expect(screen.queryByText('Receivables')).toBeNull();
    expect(screen.queryByText('Payables')).toBeNull();
  });

  it('shows both to a user who may see them', async () => {
    renderOverview();
    expect(await screen.findByText('Receivables')).toBeTruthy();
    expect(screen.getByText('Payables')).toBeTruthy();
  });
});

describe("the owner's month on screen", () => {
  it('links receivables and payables to the open invoices and bills, largest balance first', async () => {
    renderOverview();
    const receivables = await screen.findByRole('link', { name: formatMoney(dashboardOverview().receivables ?? 0) });
    expect(receivables.getAttribute('href')).toBe('/invoices?has_balance=1&sort=balance&order_by=desc');
    const payables = screen.getByRole('link', { name: formatMoney(dashboardOverview().payables ?? 0) });
    expect(payables.getAttribute('href')).toBe('/bills?has_balance=1&sort=balance&order_by=desc');
  });

  it('names every location of the stock value chart with its value, and totals them', async () => {
    renderOverview();
    const values = dashboardOverview().stock_value_by_location ?? [];
    const table = await screen.findByRole('table', { name: 'Stock value by location' });
    for (const location of values) {
      expect(within(table).getByText(location.location_name)).toBeTruthy();
      expect(within(table).getByText(formatMoney(location.value))).toBeTruthy();
    }
    expect(
      screen.getByText(`Total ${formatMoney(values.reduce((sum, location) => sum + location.value, 0))}`),
    ).toBeTruthy();
  });

  it('subtotals the daily sales per branch before the total', async () => {
    const row = (branch_id: number, branch_name: string, date: string, net: number) => ({
      ...getGetDailySalesResponseMock()[0],
      branch_id,
      branch_name,
      date,
      net_sales: net,
      invoices_issued: 1,
      invoices_voided: 0,
    });
    server.use(
      http.get('*/api/reports/daily-sales', () =>
        HttpResponse.json([
          row(1, 'Makati Branch', '2026-11-24', 1000),
          row(2, 'Quezon City Branch', '2026-11-24', 500),
          row(1, 'Makati Branch', '2026-11-25', 250.5),
        ]),
      ),
    );
    renderRoutes([{ path: '/reports/daily-sales', element: <DailySalesScreen /> }], '/reports/daily-sales');
    const table = await screen.findByRole('table', { name: 'Daily sales' });
    const makati = await within(table).findByRole('row', { name: /Subtotal Makati Branch/ });
    expect(within(makati).getByText(formatMoney(1250.5, 'cents'))).toBeTruthy();
    const quezonCity = within(table).getByRole('row', { name: /Subtotal Quezon City Branch/ });
    expect(within(quezonCity).getByText(formatMoney(500, 'cents'))).toBeTruthy();
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(within(total).getByText(formatMoney(1750.5, 'cents'))).toBeTruthy();
  });
});
