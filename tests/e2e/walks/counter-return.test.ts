import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/business-date.ts';
import {
  type BrowserApp,
  detail,
  expectToast,
  nextFrame,
  pick,
  screenshot,
  signIn,
  startBrowserApp,
} from '../browser-app.ts';

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

const pesos = (text: string | undefined) => Number((text ?? '0').replace(/[^\d.-]/g, '') || 0);

// Today's row of Makati in the Daily Sales report, by column heading (empty when the day has none yet).
async function todayAtMakati(page: Page): Promise<Record<string, string>> {
  await page.goto(`/reports/daily-sales?date_from=${today}&date_to=${today}`);
  // The day's figures of that branch, once the report has answered for it.
  await Promise.all([
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/reports/daily-sales' && url.searchParams.has('branch_id') && response.ok();
    }),
    page.getByLabel('Branch').selectOption({ label: 'Makati Branch' }),
  ]);
  const table = page.getByRole('table', { name: 'Daily sales' });
  const row = table.locator('tbody tr', { hasText: 'Makati Branch' }).first();
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  await nextFrame(page);
  if ((await row.count()) === 0) return {};
  // The table redraws once the branch is chosen: the row is read when it shows every column.
  await expect
    .poll(async () => (await row.getByRole('cell').allInnerTexts()).length, { timeout: 15_000 })
    .toBe(headers.length);
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(headers.map((header, index) => [header, (cells[index] ?? '').trim()]));
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
    // The saved invoice opens its view, where Print and Record Payment are.
    await page.waitForURL(/\/invoices\/\d+$/);
    invoicePath = new URL(page.url()).pathname;
    await page.getByRole('main').getByRole('link', { name: 'Record Payment', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/invoice-payments/create/'));
    await page.getByText(/^IP-\d{8}-B\d{5}-\d{8}$/).waitFor();
    await page.locator('#payment_date').fill(yesterday);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');
    await page.waitForURL((url) => url.pathname === invoicePath);
    await expect.poll(() => detail(page, 'Balance').innerText(), { timeout: 15_000 }).toBe('₱0');
  });

  it('takes one back today as defective, refunded in cash, and keeps it off the shelf', {
    timeout: 120_000,
  }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
    const reportBefore = await todayAtMakati(page);
    await page.goto(invoicePath);
    await page.getByRole('link', { name: 'Return / Credit', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/credit-memos/create/'));
    await page.getByText(`${frame.name} (3 of 3 left)`).waitFor();
    await page.getByText(/^CM-\d{8}-B\d{5}-\d{8}$/).waitFor();
    await page.getByLabel('What the memo settles').waitFor();
    await page.locator('input[name="lines.0.quantity"]').fill('1');
    await page.locator('select[name="reason"]').selectOption('defective');
    await page.locator('select[name="settlement"]').selectOption('refund');
    await page.locator('select[name="refund_method"]').selectOption('cash');
    await screenshot(page, 'counter-return');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Credit Memo created successfully.');
    await page.waitForURL((url) => url.pathname === invoicePath);
    await expect.poll(() => detail(page, 'Credited').innerText(), { timeout: 15_000 }).toBe('₱17,990');

    const after = await todayAtMakati(page);
    expect(after['Credit Memos']).toMatch(/^\d+\s*CM-/);
    expect(pesos(after.Returns) - pesos(reportBefore.Returns)).toBeCloseTo(17990, 2);
    expect(pesos(after.Refunds) - pesos(reportBefore.Refunds)).toBeCloseTo(17990, 2);
    expect(pesos(after['VAT on Returns']) - pesos(reportBefore['VAT on Returns'])).toBeCloseTo(1927.5, 2);
    expect(pesos(reportBefore['Net Sales']) - pesos(after['Net Sales'])).toBeCloseTo(17990, 2);
    await screenshot(page, 'counter-return-daily-sales');

    // Three left the shelf yesterday, and the defective one did not come back.
    expect(await onHandAtMakati(page)).toBe(before - 3);
  });

  // docs/domain/sales.md, Exchange: one screen from the invoice's "Exchange", saved in one posting.
  it('exchanges one of the two frames left for two new ones, the difference paid in cash', {
    timeout: 120_000,
  }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
    await page.goto(invoicePath);
    await page.getByRole('link', { name: 'Exchange', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${invoicePath}/exchange`);
    await page.getByRole('heading', { name: /^Exchange for Invoice I-/ }).waitFor();
    const returned = page.getByRole('table', { name: 'Returned items' });
    await expect.poll(() => returned.locator('tbody tr').first().innerText()).toContain(frame.name);
    await page.getByLabel(`Quantity returned of ${frame.name}`).fill('1');
    await pick(page, 'lines.0.item_id', frame.code, frame.name);
    await page.locator('input[name="lines.0.quantity"]').fill('2');
    const summary = page.getByLabel('Exchange summary');
    await expect.poll(() => summary.locator('dt', { hasText: 'To pay' }).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => summary.locator('dt', { hasText: 'To pay' }).locator('xpath=following-sibling::dd[1]').innerText(), {
        timeout: 15_000,
      })
      .toBe('₱17,990');
    await page.getByLabel('Payment method').selectOption('cash');
    await page.getByText('₱17,990 is paid in Cash.').waitFor();
    await screenshot(page, 'counter-exchange');
    await page.keyboard.press('Control+Enter');
    await expectToast(page, 'Exchange saved.');
    await page.waitForURL((url) => /^\/invoices\/\d+$/.test(url.pathname) && url.pathname !== invoicePath);
    await expect.poll(() => detail(page, 'Amount due').innerText(), { timeout: 15_000 }).toBe('₱35,980');
    await expect.poll(() => detail(page, 'Balance').innerText(), { timeout: 15_000 }).toBe('₱0');

    // The returned frame is back on the shelf and the two new ones left it.
    expect(await onHandAtMakati(page)).toBe(before - 4);
  });
});
