import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserApp,
  detail,
  expectToast,
  nextFrame,
  pick,
  screenshot,
  sidebar,
  signIn,
  startBrowserApp,
} from './browser-app.ts';

// Master data through the forms, a record's delete / restore / permanent delete, and what a cashier may reach,
// in a real browser against the real server.
describe('records in the browser', () => {
  let app: BrowserApp;
  let admin: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    admin = await app.newPage();
    await signIn(admin, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('creates a brand and an item through their forms', { timeout: 90_000 }, async () => {
    await admin.getByRole('link', { name: 'Brands', exact: true }).click();
    await admin.getByRole('link', { name: 'Create New' }).click();
    await admin.waitForURL('**/brands/create');
    await admin.getByLabel('Name').fill('Lindberg');
    await admin.getByLabel('Description').fill('Danish titanium frames');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Brand created successfully.');
    await admin.waitForURL((url) => url.pathname === '/brands');
    await admin.getByRole('cell', { name: 'Lindberg', exact: true }).waitFor();

    await admin.getByRole('link', { name: 'Items', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/items');
    await admin.getByText(/^List of Items - Total \d+$/).waitFor();
    await admin.getByRole('link', { name: 'Create New' }).click();
    await admin.waitForURL('**/items/create');
    await admin.getByLabel(/^Code/).fill('LB-AIR-001');
    await admin.getByLabel(/^Name/).fill('Lindberg Air Titanium Rim');
    await pick(admin, 'brand_id', 'Lind', 'Lindberg');
    await pick(admin, 'item_type_id', 'Fra', 'Frame');
    await pick(admin, 'unit_of_measurement_id', 'Pie', 'Piece');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Item created successfully.');
    await admin.waitForURL((url) => url.pathname === '/items');
    const row = admin.getByRole('row').filter({ hasText: 'LB-AIR-001' });
    await row.waitFor();
    await screenshot(admin, 'list');
    expect(await row.innerText()).toContain('Lindberg Air Titanium Rim');

    await row.getByRole('link', { name: 'View', exact: true }).click();
    await detail(admin, 'Brand').getByText('Lindberg').waitFor();
    expect(await detail(admin, 'Type').innerText()).toBe('Frame');
  });

  it('finds an item it renamed by the new name, and no longer by the old one', { timeout: 90_000 }, async () => {
    const total = admin.getByText(/^List of Items - Total \d+$/);
    // Searched once before the rename, so that the server has this search's matches to hand.
    await admin.goto('/items?search=Square%20Optical');
    const row = admin.getByRole('row').filter({ hasText: 'RB-5228-2000' });
    await row.waitFor();
    const before = Number((await total.innerText()).split(' ').at(-1));

    await row.getByRole('link', { name: 'Edit', exact: true }).click();
    await admin.waitForURL(/\/items\/\d+\/edit/);
    await admin.getByLabel(/^Name/).fill('Ray-Ban RB5228 Wide Optical');
    await admin.getByRole('button', { name: 'Update' }).click();
    await expectToast(admin, 'Item updated successfully.');

    await admin.goto('/items?search=Square%20Optical');
    await admin.getByText(`List of Items - Total ${before - 1}`).waitFor();
    expect(await admin.getByRole('row').filter({ hasText: 'RB-5228-2000' }).count()).toBe(0);
    await admin.goto('/items?search=Wide%20Optical');
    await admin.getByRole('row').filter({ hasText: 'RB-5228-2000' }).waitFor();
    expect(await total.innerText()).toBe('List of Items - Total 1');
  });

  it('deletes a record, restores it and deletes it permanently, asking each time', { timeout: 90_000 }, async () => {
    await admin.goto('/brands/create');
    await admin.getByLabel('Name').fill('Short-lived Optics');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Brand created successfully.');
    await admin.waitForURL((url) => url.pathname === '/brands');

    const openBrand = async () => {
      await admin
        .getByRole('row')
        .filter({ hasText: 'Short-lived Optics' })
        .getByRole('link', { name: 'View', exact: true })
        .click();
      await admin.getByRole('heading', { name: 'Brand Short-lived Optics' }).waitFor();
    };
    const confirmAction = async (button: string, action: string, toast: string) => {
      await admin.getByRole('button', { name: button, exact: true }).click();
      const dialog = admin.getByRole('alertdialog');
      await dialog.getByText(`You're about to ${action} this.`, { exact: true }).waitFor();
      await dialog.getByText(`Are you sure you want to ${action} Brand Short-lived Optics?`, { exact: true }).waitFor();
      // docs/domain/screens.md, View screen: the confirmation cannot be closed with the keyboard.
      await admin.keyboard.press('Escape');
      await nextFrame(admin);
      expect(await dialog.count()).toBe(1);
      expect(await dialog.getAttribute('data-state')).toBe('open');
      if (button === 'Delete Permanently') await screenshot(admin, 'confirm-dialog');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expectToast(admin, toast);
      await admin.waitForURL((url) => url.pathname === '/brands');
    };

    await openBrand();
    await confirmAction('Delete', 'delete', 'Brand deleted successfully.');
    const caption = admin.getByText(/^List of Brands - Total \d+$/);
    // The list may first show the rows it held before the delete; the deleted one must then go.
    await admin.getByRole('row').filter({ hasText: 'Short-lived Optics' }).waitFor({ state: 'detached' });
    await admin.getByRole('row').filter({ hasText: 'Lindberg' }).waitFor();

    await admin.getByRole('button', { name: 'Only Trashed' }).click();
    await admin.waitForURL(/only_trashed=1/);
    await caption.filter({ hasText: 'Total 1' }).waitFor();
    await openBrand();
    await admin
      .getByText(/^Deleted /)
      .first()
      .waitFor();
    expect(await admin.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await confirmAction('Restore', 'restore', 'Brand restored successfully.');
    await admin.getByRole('row').filter({ hasText: 'Short-lived Optics' }).waitFor();

    await openBrand();
    await confirmAction('Delete', 'delete', 'Brand deleted successfully.');
    await admin.goto('/brands?only_trashed=1');
    await openBrand();
    await confirmAction('Delete Permanently', 'delete permanently', 'Brand deleted permanently successfully.');
    await admin.goto('/brands?with_trashed=1');
    await admin.getByRole('row').filter({ hasText: 'Lindberg' }).waitFor();
    expect(await admin.getByRole('row').filter({ hasText: 'Short-lived Optics' }).count()).toBe(0);
  });

  it('shows a cashier only its groups and sends it back from a create screen it may not open', {
    timeout: 90_000,
  }, async () => {
    const cashier = await app.newPage();
    await signIn(cashier, 'cashier@spectacle.test');
    const nav = sidebar(cashier);
    const groups = await nav.locator('button[aria-controls]').allInnerTexts();
    expect(groups.map((group) => group.trim().toLowerCase())).toEqual([
      'inventory',
      'sales',
      'eye care',
      'logistics',
      'management',
    ]);
    expect(await nav.getByRole('link', { name: 'Invoices' }).isVisible()).toBe(true);
    // The branch asks the warehouse for stock and receives it; it does not ship or adjust any.
    expect(await nav.getByRole('link', { name: 'Stock Requests' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Purchase Orders' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Stock Adjustments' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await screenshot(cashier, 'cashier-sidebar');

    await cashier.goto('/brands/create');
    await cashier.waitForURL((url) => url.pathname === '/brands');
    await cashier.getByText(/^List of Brands - Total \d+$/).waitFor();
    expect(await cashier.getByRole('link', { name: 'Create New' }).count()).toBe(0);
    expect(await cashier.getByLabel('Name').count()).toBe(0);

    await cashier.goto('/purchase-orders/create');
    await cashier.waitForURL((url) => url.pathname === '/purchase-orders');
    await cashier.getByText('You do not have permission to view Purchase Orders.').waitFor();
    expect(await cashier.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await cashier.context().close();
  });
});
