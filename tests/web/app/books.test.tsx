// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sidebarModel } from '../../../src/app/sidebar-model.ts';
import { OwnerReportScreen } from '../../../src/areas/reports/owner-report-screen.tsx';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { businessDayIso } from '../../../src/format/date.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

const books = [
  'sales-journal',
  'purchase-journal',
  'cash-receipts-journal',
  'cash-disbursements-journal',
  'summary-list-of-sales',
  'summary-list-of-purchases',
  'inventory-list',
  'esales',
];

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

const figures = { gross: 1344, vat_exempt: 0, zero_rated: 0, vatable: 1200, vat_amount: 144, discount: 0, net: 1344 };

describe('the books (docs/domain/reports.md, The books)', () => {
  it('sit under Reports in the sidebar with the BIR’s names', () => {
    const groups = sidebarModel(books.map((name) => `view-report-${name}`));
    expect(groups.map((group) => [group.label, group.reports.map((report) => report.label)])).toEqual([
      [
        'Reports',
        [
          'Sales Journal',
          'Purchase Journal',
          'Cash Receipts Journal',
          'Cash Disbursements Journal',
          'Summary List of Sales',
          'Summary List of Purchases',
          'Inventory List',
          'eSales',
        ],
      ],
    ]);
  });

  it('open the sales journal on this month under the business’s registration, and keep another month in the URL', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/reports/sales-journal', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        const row = {
          date: '2026-11-21',
          document_type: 'invoice',
          document_id: 7,
          number: 'I-20261121-B00001-00000093',
          contact_name: 'Makati Medical Group',
          tin: '201-555-123-000',
          ...figures,
        };
        return HttpResponse.json({ rows: [row], totals: figures });
      }),
    );
    owner(['view-report-sales-journal']);
    renderRoutes(
      [{ path: '/reports/sales-journal', element: <OwnerReportScreen reportKey="sales-journal" /> }],
      '/reports/sales-journal',
    );
    const table = await screen.findByRole('table', { name: 'Sales Journal' });
    expect(await within(table).findByText('201-555-123-000')).toBeTruthy();
    expect(within(table).getAllByText('₱144.00')).toHaveLength(2);
    expect(asked[0]?.get('month')).toBe(businessDayIso().slice(0, 7));
    // Its paper names the business whose book it is.
    expect(await screen.findByText(/VAT Reg\. TIN/)).toBeTruthy();
    const month = screen.getByLabelText('Month');
    await userEvent.clear(month);
    await userEvent.type(month, '2026-10');
    expect(currentUrl().searchParams.get('month')).toBe('2026-10');
  });

  it('open a summary list on this quarter, the earlier ones to choose from', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/reports/summary-list-of-sales', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          rows: [],
          totals: { gross: 0, vat_exempt: 0, zero_rated: 0, vatable: 0, vat_amount: 0 },
        });
      }),
    );
    owner(['view-report-summary-list-of-sales']);
    renderRoutes(
      [{ path: '/reports/summary-list-of-sales', element: <OwnerReportScreen reportKey="summary-list-of-sales" /> }],
      '/reports/summary-list-of-sales',
    );
    await screen.findByRole('table', { name: 'Summary List of Sales' });
    const today = businessDayIso();
    const quarter = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
    expect(asked[0]?.get('quarter')).toBe(quarter);
    const lastYear = `${Number(today.slice(0, 4)) - 1}${quarter.slice(4)}`;
    await userEvent.selectOptions(screen.getByLabelText('Quarter'), lastYear);
    expect(currentUrl().searchParams.get('quarter')).toBe(lastYear);
  });
});
