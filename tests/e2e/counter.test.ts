import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/business-date.ts';
import {
  type BrowserApp,
  detail,
  expectToast,
  listedPage,
  pick,
  screenshot,
  signIn,
  startBrowserApp,
} from './browser-app.ts';

// A Prada frame Makati holds, ₱16,990 everywhere and ₱17,990 at Makati from 2026-06-01 (the demo price lists).
const frame = { code: 'PR-16MV-1AB', name: 'Prada Heritage PR 16MV Optical' };

const inputValue = (page: Page, name: string) => page.locator(`input[name="${name}"]`).inputValue();

async function waitForValue(page: Page, name: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([field, wanted]) => document.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.value === wanted,
    [name, value] as const,
  );
}

// The counter as its demo users live it, from a fresh sign-in, in a real browser against the real server.
describe('the counter in the browser', () => {
  let app: BrowserApp;

  beforeAll(async () => {
    app = await startBrowserApp();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it("rings up the cashier's sale at her branch, dated today at the branch's price, paid and back on the invoice", {
    timeout: 120_000,
  }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
    await page.goto('/invoices/create');
    await waitForValue(page, 'branch_id', 'Makati Branch');

    // A cashier's sale is dated today: the date is shown, not offered (docs/DECISIONS.md).
    const date = page.locator('#invoice_date');
    expect(await date.inputValue()).toBe(businessDate(new Date()));
    expect(await date.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Sales are dated today.').waitFor();
    await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(page, 'lines.0.item_id', frame.code, frame.name);
    // Today is after Makati's own price started: the line follows the branch's price list.
    await waitForValue(page, 'lines.0.unit_price', '17990');
    await page.getByText('On hand here: 4').waitFor();
    await screenshot(page, 'counter-invoice-repriced');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');
    // The saved invoice opens its view, where Print and Record Payment are.
    await page.waitForURL(/\/invoices\/\d+$/);
    const invoicePath = new URL(page.url()).pathname;
    expect(await detail(page, 'Balance').innerText()).toBe('₱17,990');

    await page.getByRole('main').getByRole('link', { name: 'Record Payment', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/invoice-payments/create/'));
    const paying = page.getByLabel('Invoice being paid');
    await paying.getByText('₱17,990').first().waitFor();
    expect(await paying.innerText()).toContain('Walk-in Customer');
    await page.getByText(/^IP-\d{8}-B\d{5}-\d{8}$/).waitFor();
    expect(await page.getByLabel('Payment Method').inputValue()).toBe('cash');
    expect(await inputValue(page, 'amount')).toBe('17990');
    await screenshot(page, 'counter-payment');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');
    await page.waitForURL((url) => url.pathname === invoicePath);
    await page
      .getByText(/^IP-\d{8}-B\d{5}-\d{8}$/)
      .first()
      .waitFor();
    await page.waitForFunction(() => document.body.innerText.includes('Paid'));
    expect((await detail(page, 'Status').innerText()).trim().toLowerCase()).toBe('paid');
    expect(await detail(page, 'Balance').innerText()).toBe('₱0');
    await screenshot(page, 'counter-invoice-paid');
  });

  it('answers a route the cashier may not open with one sentence and the way back', { timeout: 60_000 }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
    await page.goto('/purchase-orders');
    await page.getByText('You do not have permission to view Purchase Orders.').waitFor();
    expect(await page.getByText(/Total 0/).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Overview' }).waitFor();
    await page.goto('/purchase-orders/1');
    await page.getByText('You do not have permission to view Purchase Orders.').waitFor();
    await screenshot(page, 'counter-forbidden');
  });

  it("fills the clerk's receive order from the purchase order he picks", { timeout: 120_000 }, async () => {
    const page = await app.newPage();
    await signIn(page, 'clerk@spectacle.test');
    await page.goto('/receive-orders/create');
    await waitForValue(page, 'warehouse_id', 'Central Warehouse');
    const order = page.locator('input[name="purchase_order_id"]');
    await order.click();
    // Offered only his warehouse's orders (W… numbers): a branch's order is not his to receive.
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    const offered = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((number) => !/-W\d{5}-/.test(number))).toEqual([]);
    // His warehouse's orders: the Makati branch's would be refused at his location.
    await order.fill('W00001');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[name="contact_id"]')?.value ?? '') !== '',
    );
    await page.locator('input[name="lines.0.quantity"]').waitFor();
    expect(Number(await inputValue(page, 'lines.0.quantity'))).toBeGreaterThan(0);
    await page.getByText(/^RO-\d{8}-W00001-\d{8}$/).waitFor();
    await screenshot(page, 'counter-receive-from-order');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Receive Order created successfully.');
  });

  it('lists invoices at 1366 × 768 with every row action in view and no sideways scrolling', {
    timeout: 60_000,
  }, async () => {
    const page = await app.newPage({ width: 1366, height: 768 });
    await signIn(page, 'admin@spectacle.test');
    await page.goto('/invoices');
    await page.locator('tbody tr').first().waitFor();
    const fits = await page.evaluate(() => {
      const table = document.querySelector('table');
      const scroller = table?.parentElement;
      const actions = [
        ...document.querySelectorAll('tbody tr:first-child td:last-child a, tbody tr:first-child td:last-child button'),
      ];
      return {
        pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        tableScrolls: scroller ? scroller.scrollWidth > scroller.clientWidth : true,
        actions: actions.length,
        actionsInView: actions.every((action) => action.getBoundingClientRect().right <= window.innerWidth),
      };
    });
    await screenshot(page, 'counter-invoices-1366');
    expect(fits.actions).toBeGreaterThan(0);
    expect(fits).toMatchObject({ pageScrolls: false, tableScrolls: false, actionsInView: true });
  });

  // zod and the forms' schemas are most of what a form adds; no screen may wait for them before its own code asks
  // (docs/PERFORMANCE.md, What moved the numbers): the page's entry and the files it preloads carry none, and a form
  // fetches them once it is drawn, before its first save.
  it('keeps zod and the form schemas out of the first download, and brings them after a form is drawn', {
    timeout: 60_000,
  }, async () => {
    const read = async (path: string) => (await fetch(new URL(path, app.baseUrl))).text();
    const first = [...(await read('/')).matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(first.length).toBeGreaterThan(3);
    const withZod = async (files: readonly (string | undefined)[]) =>
      (await Promise.all(files.map(async (file) => ({ file, text: await read(file ?? '/') }))))
        .filter(({ file, text }) => text.includes('ZodError') || /\.zod-/.test(file ?? ''))
        .map(({ file }) => file);
    expect(await withZod(first)).toEqual([]);

    const page = await app.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await signIn(page, 'cashier@spectacle.test');
    await page.goto('/invoices/create');
    await page.locator('#invoice_date').waitFor();
    await expect.poll(async () => (await withZod([...scripts])).length, { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('searches items by brand from Advance Search, kept in the address through a reload', {
    timeout: 60_000,
  }, async () => {
    const page = await app.newPage();
    await signIn(page, 'admin@spectacle.test');
    await page.goto('/items');
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Advance Search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Item Type').waitFor();
    await pick(page, 'filter-brand_id', 'Prada');
    await screenshot(page, 'counter-advance-search');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('brand_id'));
    const [listed] = await Promise.all([listedPage(page, 'items'), page.reload()]);
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data.every((item) => (item as { brand_name?: string }).brand_name === 'Prada')).toBe(true);
    await page.getByRole('button', { name: 'Advance Search' }).click();
    // The picker names the brand in the address once its record has been looked up again.
    await expect.poll(() => page.getByRole('dialog').getByLabel('Brand').inputValue()).toBe('Prada');
  });
});
