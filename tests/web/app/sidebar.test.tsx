// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { appRoutes } from '../../../src/app/routes.tsx';
import { Sidebar } from '../../../src/app/sidebar.tsx';
import { sidebarModel } from '../../../src/app/sidebar-model.ts';
import { storeUser } from '../../../src/auth/permission-store.ts';
import { mockUser } from '../../../src/mocks/handlers.ts';
import { currentUrl, renderRoutes, withMockServer } from '../support.tsx';

withMockServer();

const labelsOf = (held: string[]) =>
  sidebarModel(held).map((group) => `${group.label}: ${group.links.map((link) => link.plural).join(', ')}`);

describe('the sidebar rules (docs/domain/screens.md, Sidebar)', () => {
  it('shows every group and link with full access, Eye Care after Sales, without Quotations or Businesses', () => {
    expect(labelsOf(['full-access-and-permssions'])).toEqual([
      'Inventory: Brands, Measuring Masses, Unit of Measurements, Item Classifications, Item Types, Items, Stocks, Lots',
      'Purchasing: Purchase Item Prices, Purchase Orders, Receive Orders, Bills, Bill Payments, Debit Memos',
      'Sales: Sale Item Prices, Invoices, Invoice Payments, Credit Memos, Acknowledgment Receipts, Payer Claims, Cash Sessions, Z-Readings, Discount Programs',
      'Eye Care: Prescriptions, Job Orders, Benefits, LOAs, Warranty Terms, Warranty Claims',
      'Logistics: Stock Requests, Stock Transfers, Stock Receives, Stock Returns, Stock Adjustments, Stock Counts',
      'Management: Warehouses, Branches, Terminals, Contacts, Contact Types, Users, Roles, Messages, Message Templates, Permissions, E-Invoices',
      'Reports: ',
    ]);
  });

  it('shows a link only with its view permission, and a group only when a permission of it is held', () => {
    expect(labelsOf(['view-invoices', 'create-brands'])).toEqual(['Sales: Invoices']);
  });

  it('shows the Daily Sales report in Sales to a holder of view-daily-sales alone', () => {
    const sales = sidebarModel(['view-daily-sales']);
    expect(sales.map((group) => [group.label, group.reports.map((report) => report.label)])).toEqual([
      ['Sales', ['Daily Sales']],
    ]);
    expect(sidebarModel(['view-invoices'])[0]?.reports).toEqual([]);
  });

  it('shows the Management header for view-businesses although Businesses has no link', () => {
    expect(labelsOf(['view-businesses'])).toEqual(['Management: ']);
  });

  it('draws nothing until the permissions are loaded', () => {
    renderRoutes([{ path: '/', element: <Sidebar /> }], '/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    act(() =>
      storeUser({
        id: 2,
        name: 'Cashier',
        email: 'cashier@spectacle.test',
        userable_from: 'Makati Branch',
        userable_type: 'branch',
        userable_id: 1,
        role_names: ['Cashier'],
        permission_names: ['view-invoices', 'view-invoice-payments'],
        must_change_password: false,
      }),
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Invoice Payments' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Brands' })).toBeNull();
    expect(within(nav).queryByText('Inventory')).toBeNull();
  });
});

describe('business settings', () => {
  it("opens the selected business's settings (TIN, VAT, invoice footer) from the menu under the user's name", async () => {
    localStorage.setItem('mock_signed_in', '1');
    storeUser(mockUser.user);
    setSelectedBusinessId(1);
    renderRoutes(appRoutes(), '/overview');
    // The menu's behaviour loads after the first paint.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Ana Reyes/ }).getAttribute('aria-haspopup')).toBe('menu'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Ana Reyes/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Business settings' }));
    await waitFor(() => expect(currentUrl().pathname).toBe('/businesses/1/edit'));
    expect(await screen.findByLabelText(/TIN/)).toBeTruthy();
  });
});

it('lights only Power Grid on the power grid, and Items on an item', () => {
  storeUser({ ...mockUser.user, permission_names: ['view-items'] });
  const lit = () =>
    [...screen.getByRole('navigation', { name: 'Main' }).querySelectorAll('[aria-current="page"]')].map(
      (link) => link.textContent,
    );
  const { unmount } = renderRoutes([{ path: '*', element: <Sidebar /> }], '/items/power-grid?item_id=4');
  expect(lit()).toEqual(['Power Grid']);
  unmount();
  renderRoutes([{ path: '*', element: <Sidebar /> }], '/items/4');
  expect(lit()).toEqual(['Items']);
});
