import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectToast, pick, screenshot, signIn, startBrowserApp, typePrice } from '../browser-app.ts';

// A new shop's first day (docs/domain/README.md and docs/domain/management.md): on an empty database the owner,
// made by create-admin with the first business and its starting data, sets up a branch, a warehouse and a
// cashier, loads the catalogue and the opening stock from CSV, and sells a frame and a case to a senior citizen
// who is a new customer, added from the invoice's picker.
describe("an owner's first day on an empty database", () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp({ seed: 'none' });
    await app.createAdmin({ email: 'liza@linaw.test', name: 'Liza Linaw', businessName: 'Linaw Optical' });
    page = await app.newPage();
    await signIn(page, 'liza@linaw.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  const upload = (name: string, lines: string[]) =>
    page.getByLabel('CSV file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
    });

  it('sets up a branch, a warehouse and a cashier', { timeout: 180_000 }, async () => {
    await page.goto('/branches/create');
    await page.getByLabel(/^Code/).fill('MKT');
    await page.getByLabel(/^Name/).fill('Makati Branch');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Branch created successfully.');

    await page.goto('/warehouses/create');
    await page.getByLabel(/^Code/).fill('WH-01');
    await page.getByLabel(/^Name/).fill('Central Warehouse');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Warehouse created successfully.');

    await page.goto('/roles/create');
    await page.getByLabel(/^Name/).fill('Cashier');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Role created successfully.');

    await page.goto('/users/create');
    await page.getByLabel(/^Name/).fill('Carla Cruz');
    await page.getByLabel(/^Email/).fill('carla@linaw.test');
    await page.getByLabel(/^Password/).fill('first-day-secret');
    await page.getByLabel('Home Location: branch or warehouse').selectOption('branch');
    await pick(page, 'userable_id', 'Makati', 'Makati Branch');
    await page.getByRole('group', { name: 'Roles' }).getByText('Cashier', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User created successfully.');
    await page.goto('/users?search=carla');
    const row = page.getByRole('row').filter({ hasText: 'carla@linaw.test' });
    await row.getByRole('link', { name: 'View', exact: true }).click();
    // The view shows the user's home branch and role once the user has loaded.
    await page.locator('main').getByText('Makati Branch').first().waitFor();
    await page.locator('main').getByText('Cashier').first().waitFor();
  });

  it('loads the catalogue and the opening stock from CSV', { timeout: 180_000 }, async () => {
    await page.goto('/items/import');
    await upload('catalogue.csv', [
      'code,name,item_type,unit_of_measurement,tax_class',
      'LIN-FR,Acetate frame,Frame,Piece,Vatable',
      'LIN-SV,CR-39 single vision lens,Ophthalmic Lens,Pair,Vatable',
      'LIN-CASE,Hard case,Accessory,Piece,Vatable',
    ]);
    await page.getByText('3 rows of catalogue.csv are ready to import.').waitFor();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expectToast(page, '3 rows of Items imported successfully.');

    await page.goto('/stocks/import');
    await upload('opening-stock.csv', [
      'item,branch,warehouse,quantity,unit_cost',
      'LIN-FR,Makati Branch,,5,1500',
      'LIN-CASE,Makati Branch,,10,80',
      'LIN-SV,,Central Warehouse,20,400',
    ]);
    await page.getByText('3 rows of opening-stock.csv are ready to import.').waitFor();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expectToast(page, '3 rows of Opening Stock imported successfully.');
    await page.goto('/stocks?search=LIN-FR');
    const stock = page.getByRole('row').filter({ hasText: 'Makati Branch' });
    await stock.waitFor();
    expect(await stock.innerText()).toContain('5');
  });

  it('sells a frame and a case to a senior citizen added from the invoice', { timeout: 180_000 }, async () => {
    await page.goto('/invoices/create');
    await page.getByLabel('Notes').fill('First sale of the shop');
    const customer = page.locator('input[name="contact_id"]');
    await customer.click();
    await customer.fill('Lourdes Villanueva');
    await page.getByRole('listbox').getByRole('option', { name: 'New customer…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByLabel('Phone').fill('0917 555 0101');
    await screenshot(page, 'new-customer-dialog');
    await dialog.getByRole('button', { name: 'Save customer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => customer.inputValue()).toBe('Lourdes Villanueva');
    expect(await page.getByLabel('Notes').inputValue()).toBe('First sale of the shop');

    await pick(page, 'branch_id', 'Makati', 'Makati Branch');
    await pick(page, 'lines.0.item_id', 'LIN-FR', 'Acetate frame');
    await typePrice(page, 'lines.0.unit_price', '4480');
    await page.getByRole('button', { name: 'Add line' }).click();
    await pick(page, 'lines.1.item_id', 'LIN-CASE', 'Hard case');
    await typePrice(page, 'lines.1.unit_price', '224');
    await page.getByLabel('Program').selectOption({ label: 'Senior Citizen (20%)' });
    await page.getByLabel('Holder Name').fill('Lourdes Villanueva');
    await page.getByLabel('ID Number (OSCA / PWD)').fill('OSCA-MKT-2019-04418');
    // The frame: ₱4,480 less its VAT is ₱4,000, less 20% is ₱3,200; the case keeps its VAT: ₱224.
    const breakdown = page.getByLabel('VAT breakdown');
    await expect.poll(() => breakdown.innerText()).toMatch(/Amount due\s*₱3,424/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');
    await page.waitForURL((url) => /^\/invoices\/\d+$/.test(url.pathname));
    await page.goto('/invoices');
    const sale = page.getByRole('row').filter({ hasText: 'Lourdes Villanueva' });
    await sale.waitFor();
    expect(await sale.innerText()).toContain('₱3,424');

    // One frame left the branch's five (a fresh list, not the one read before the sale).
    await page.goto('/stocks?search=Acetate');
    const stock = page.getByRole('row').filter({ hasText: 'Makati Branch' });
    await stock.waitFor();
    expect(await stock.innerText()).toMatch(/\b4\b/);
  });
});
