import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/business-date.ts';
import { type BrowserApp, detail, expectToast, pick, screenshot, signIn, startBrowserApp } from './browser-app.ts';

// A Prada frame Makati holds, ₱17,990 at Makati (the demo price lists).
const frame = { code: 'PR-16MV-1AB', name: 'Prada Heritage PR 16MV Optical' };
const today = businessDate(new Date());
const yesterday = businessDate(new Date(Date.now() - 86_400_000));

async function onHandAtMakati(page: Page): Promise<number> {
  await page.goto('/invoices/create');
  await pick(page, 'branch_id', 'Makati', 'Makati Branch');
  await pick(page, 'lines.0.item_id', frame.code, frame.name);
  const hint = page.getByText(/^On hand here: \d+/);
  await hint.waitFor();
  return Number((await hint.innerText()).replace(/\D+/g, ''));
}

// docs/domain/sales.md, Credit memos, at the counter: three frames sold yesterday, one comes back defective today and
// is refunded in cash; the daily sales report counts the return today, and the broken frame stays off the shelf.
describe('a return at the counter', () => {
  let app: BrowserApp;
  let invoicePath = '';
  let before = 0;

  beforeAll(async () => {
    app = await startBrowserApp();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('sells three frames yesterday, paid in cash', { timeout: 120_000 }, async () => {
    const page = await app.newPage();
    await signIn(page, 'admin@spectacle.test');
    before = await onHandAtMakati(page);
    await page.locator('#invoice_date').fill(yesterday);
    await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
    await page.locator('input[name="lines.0.quantity"]').fill('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');
    await page.waitForURL((url) => url.pathname === '/invoices');
    await page.locator('tbody').getByRole('link', { name: 'View', exact: true }).first().click();
    await page.waitForURL(/\/invoices\/\d+$/);
    invoicePath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Record Payment', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/invoice-payments/create/'));
    await page.getByText(/^IP-\d{8}-B\d{5}-\d{8}$/).waitFor();
    await page.locator('#payment_date').fill(yesterday);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');
    await page.waitForURL((url) => url.pathname === invoicePath);
    expect(await detail(page, 'Balance').innerText()).toBe('₱0');
  });

  it('takes one back today as defective, refunded in cash, and keeps it off the shelf', {
    timeout: 120_000,
  }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
    await page.goto(invoicePath);
    await page.getByRole('link', { name: 'Return / Credit', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/credit-memos/create/'));
    await page.getByText(`${frame.name} (3 of 3 left)`).waitFor();
    await page.getByText(/^CM-\d{8}-B\d{5}-\d{8}$/).waitFor();
    await page.locator('input[name="lines.0.quantity"]').fill('1');
    await page.locator('select[name="reason"]').selectOption('defective');
    await page.locator('select[name="settlement"]').selectOption('refund');
    await page.locator('select[name="refund_method"]').selectOption('cash');
    await screenshot(page, 'counter-return');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Credit Memo created successfully.');
    await page.waitForURL((url) => url.pathname === invoicePath);
    await expect.poll(() => detail(page, 'Credited').innerText()).toBe('₱17,990');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily Sales' }).click();
    await page.waitForURL((url) => url.pathname === '/reports/daily-sales');
    await page.getByLabel('Branch').selectOption({ label: 'Makati Branch' });
    const table = page.getByRole('table', { name: 'Daily sales' });
    const row = table.locator('tbody tr', { hasText: /CM-/ }).first();
    await row.waitFor();
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[headers.indexOf('Credit Memos')]).toMatch(/^1\s*CM-/);
    expect(cells[headers.indexOf('Returns')]).toBe('₱17,990');
    expect(cells[headers.indexOf('Refunds')]).toBe('₱17,990');
    expect(cells[headers.indexOf('VAT on Returns')]).toBe('₱1,927.5');
    expect(cells[headers.indexOf('Date')]).toContain(today.slice(8));
    await screenshot(page, 'counter-return-daily-sales');

    // Three left the shelf yesterday, and the defective one did not come back.
    expect(await onHandAtMakati(page)).toBe(before - 3);
  });
});
