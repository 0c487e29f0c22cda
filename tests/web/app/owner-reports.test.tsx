// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sidebarModel } from '../../../src/app/sidebar-model.ts';
import { OwnerReportScreen } from '../../../src/areas/reports/owner-report-screen.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const owner = (permissions: string[]) =>
  act(() =>
    storeUser({
      id: 1,
      name: 'Owner',
      email: 'owner@spectacle.test',
      userable_from: null,
      userable_type: null,
      userable_id: null,
      role_names: ['Owner'],
      permission_names: permissions,
      must_change_password: false,
    }),
  );

const salesRow = (key: string, net: number) => ({
  key,
  label: key,
  quantity: 2,
  gross_sales: net * 1.12,
  discounts: 0,
  net_sales: net,
  cost_of_sales: net / 2,
  margin: net / 2,
  margin_percent: 50,
});

describe('the owner’s reports', () => {
  it('sit under Reports in the sidebar, each for the holder of its permission', () => {
    const groups = sidebarModel(['view-report-sales', 'view-report-recalls']);
    expect(groups.map((group) => [group.label, group.reports.map((report) => report.label)])).toEqual([
      ['Reports', ['Sales', 'Recalls']],
    ]);
  });

  it('open with their defaults, show rows and totals, and keep a changed filter in the URL', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/reports/sales', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const rows = params.get('group_by') === 'month' ? [salesRow('2026-10', 1000), salesRow('2026-11', 3000)] : [];
        return HttpResponse.json({ rows, totals: { ...salesRow('', 4000), quantity: 4, margin_percent: 50 } });
      }),
    );
    owner(['view-report-sales']);
    renderRoutes(
      [{ path: '/reports/sales', element: <OwnerReportScreen reportKey="sales" /> }],
      '/reports/sales?group_by=month',
    );
    const table = await screen.findByRole('table', { name: 'Sales' });
    expect(await within(table).findByText('2026-11')).toBeTruthy();
    expect(within(table).getByText('₱4,000.00')).toBeTruthy();
    expect(asked[0]?.get('group_by')).toBe('month');
    // The range opens on this month up to today.
    expect(asked[0]?.get('date_from')?.endsWith('-01')).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'brand');
    expect(currentUrl().searchParams.get('group_by')).toBe('brand');
    expect(await within(table).findByText('Nothing to show for these filters.')).toBeTruthy();
  });

  it('refuses a user without the report’s permission', async () => {
    owner(['view-report-recalls']);
    renderRoutes([{ path: '/reports/sales', element: <OwnerReportScreen reportKey="sales" /> }], '/reports/sales');
    expect(await screen.findByText('You may not view the Sales report.')).toBeTruthy();
  });
});
