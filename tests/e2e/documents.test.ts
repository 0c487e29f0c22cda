import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserApp,
  detail,
  expectToast,
  pick,
  screenshot,
  signIn,
  startBrowserApp,
  typePrice,
} from './browser-app.ts';

const item = { code: 'RB-2140-901', name: 'Ray-Ban Original Wayfarer RB2140 Black' };
const warehouse = 'Central Warehouse';
const branch = 'Quezon City Branch';

// On-hand and in-transit figures of the item at one location, as the Stocks list shows them (0 when it has no row).
async function stockAt(page: Page, location: string): Promise<{ onHand: number; inTransit: number }> {
  await page.goto(`/stocks?search=${item.code}`);
  await page.getByText(/^List of Stocks - Total [1-9]\d*$/).waitFor();
  const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const row = page.getByRole('row').filter({ hasText: location });
  if ((await row.count()) === 0) return { onHand: 0, inTransit: 0 };
  const cells = await row.getByRole('cell').allInnerTexts();
  const figure = (header: string) => Number(cells[headers.indexOf(header)]?.replaceAll(',', ''));
  return { onHand: figure('On Hand'), inTransit: figure('In Transit') };
}

// The id of a list's newest record (lists are newest first), from its View link; 0 when the list is empty.
async function newestId(page: Page, listPath: string): Promise<number> {
  await page.goto(listPath);
  await page.getByText(/^List of .+ - Total [1-9]\d*$/).waitFor();
  const href = await page
    .locator('tbody')
    .getByRole('link', { name: 'View', exact: true })
    .first()
    .getAttribute('href');
  const id = Number(href?.split('/').at(-1));
  expect(Number.isInteger(id)).toBe(true);
  return id;
}

// After a create: waits for the new record's view, newer than `previous`, and answers its id.
async function openCreated(page: Page, listPath: string, previous: number): Promise<number> {
  // A saved document opens its own view (docs/domain/purchasing.md, the purchasing and stock documents).
  await page.waitForURL((url) => new RegExp(`^${listPath}/\\d+$`).test(url.pathname));
  const created = Number(new URL(page.url()).pathname.split('/').at(-1));
  expect(created).toBeGreaterThan(previous);
  return created;
}

async function follow(page: Page, link: string, route: string): Promise<void> {
  // The view's own link (the saved toast may offer the same next step).
  await page.locator('main').getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL((url) => url.pathname === route);
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

async function status(page: Page): Promise<string> {
  return (await detail(page, 'Status').innerText()).trim();
}

// The document flows through their forms in a real browser against the real server on a fresh demo database.
describe('document flows in the browser', () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    await signIn(page, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('orders, receives, bills and pays a purchase, and the stock goes up', { timeout: 120_000 }, async () => {
    const before = await stockAt(page, warehouse);

    const lastOrder = await newestId(page, '/purchase-orders');
    await page.getByRole('link', { name: 'Create New' }).click();
    await page.waitForURL('**/purchase-orders/create');
    await pick(page, 'contact_id', 'Luxottica', 'Luxottica Philippines');
    await page.getByLabel('Location: branch or warehouse').selectOption('warehouse');
    await pick(page, 'warehouse_id', 'Central', warehouse);
    await pick(page, 'lines.0.item_id', item.code, item.name);
    await page.locator('input[name="lines.0.quantity"]').fill('4');
    await page.locator('input[name="lines.0.unit_cost"]').fill('4200');
    await screenshot(page, 'form');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Purchase Order created successfully.');
    const orderId = await openCreated(page, '/purchase-orders', lastOrder);
    expect(await status(page)).toBe('Open');

    await follow(page, 'Receive', `/receive-orders/create/${orderId}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Receive Order created successfully.');
    await page.waitForURL(/\/receive-orders\/\d+$/);
    await page.goto(`/purchase-orders/${orderId}`);
    expect(await status(page)).toBe('Received');
    await screenshot(page, 'view');

    const lastBill = await newestId(page, '/bills');
    await page.goto(`/purchase-orders/${orderId}`);
    await follow(page, 'Create Bill', `/bills/create/${orderId}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Bill created successfully.');
    const billId = await openCreated(page, '/bills', lastBill);
    expect(await status(page)).toBe('Unpaid');
    expect(await detail(page, 'Balance').innerText()).toBe('₱16,800');

    await follow(page, 'Pay Bill', `/bill-payments/create/${billId}`);
    await page.getByLabel('Payment Method').selectOption('bank_transfer');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Bill Payment created successfully.');
    await page.waitForURL((url) => url.pathname === `/bills/${billId}`);
    expect(await status(page)).toBe('Paid');
    expect(await detail(page, 'Balance').innerText()).toBe('₱0');

    const after = await stockAt(page, warehouse);
    expect(after.onHand).toBe(before.onHand + 4);
  });

  it('requests stock for a branch, transfers it and receives it there', { timeout: 120_000 }, async () => {
    const warehouseBefore = await stockAt(page, warehouse);
    const branchBefore = await stockAt(page, branch);

    const lastRequest = await newestId(page, '/stock-requests');
    const lastTransfer = await newestId(page, '/stock-transfers');
    await page.goto('/stock-requests/create');
    await page.getByLabel('Supplying location: branch or warehouse').selectOption('warehouse');
    await pick(page, 'from_warehouse_id', 'Central', warehouse);
    await pick(page, 'to_branch_id', 'Quezon', branch);
    await pick(page, 'lines.0.item_id', item.code, item.name);
    await page.locator('input[name="lines.0.quantity"]').fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Stock Request created successfully.');
    const requestId = await openCreated(page, '/stock-requests', lastRequest);
    expect(await status(page)).toBe('Pending');

    await follow(page, 'Transfer Stock', `/stock-transfers/create/${requestId}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Stock Transfer created successfully.');
    const transferId = await openCreated(page, '/stock-transfers', lastTransfer);
    expect(await status(page)).toBe('In Transit');
    const inTransit = await stockAt(page, branch);
    expect(inTransit.inTransit).toBe(branchBefore.inTransit + 2);
    expect((await stockAt(page, warehouse)).onHand).toBe(warehouseBefore.onHand - 2);

    await page.goto(`/stock-transfers/${transferId}`);
    await follow(page, 'Receive Stock', `/stock-receives/create/${transferId}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Stock Receive created successfully.');
    await page.waitForURL(/\/stock-receives\/\d+$/);
    await page.goto(`/stock-transfers/${transferId}`);
    expect(await status(page)).toBe('Completed');
    await page.goto(`/stock-requests/${requestId}`);
    expect(await status(page)).toBe('Transferred');

    const arrived = await stockAt(page, branch);
    expect(arrived).toEqual({ onHand: branchBefore.onHand + 2, inTransit: branchBefore.inTransit });
    await screenshot(page, 'stocks');
  });

  it('invoices a sale, records its payment, and the dashboard follows', { timeout: 120_000 }, async () => {
    const branchBefore = await stockAt(page, branch);
    await page.goto('/overview');
    const receivables = detail(page, 'Receivables');
    await receivables.waitFor();
    const receivablesBefore = await receivables.innerText();

    const lastInvoice = await newestId(page, '/invoices');
    await page.goto('/invoices/create');
    await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(page, 'branch_id', 'Quezon', branch);
    await pick(page, 'lines.0.item_id', item.code, item.name);
    await page.locator('input[name="lines.0.quantity"]').fill('1');
    await typePrice(page, 'lines.0.unit_price', '8990');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');
    // A saved invoice opens its own view, where Print and Record Payment are.
    await page.waitForURL(/\/invoices\/\d+$/);
    const invoiceId = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(invoiceId).toBeGreaterThan(lastInvoice);
    expect(await status(page)).toBe('Unpaid');
    expect(await detail(page, 'Balance').innerText()).toBe('₱8,990');
    expect((await stockAt(page, branch)).onHand).toBe(branchBefore.onHand - 1);

    await page.goto('/overview');
    await receivables.waitFor();
    expect(await receivables.innerText()).toBe(money(parseMoney(receivablesBefore) + 8990));

    await page.goto(`/invoices/${invoiceId}`);
    await follow(page, 'Record Payment', `/invoice-payments/create/${invoiceId}`);
    await page.getByLabel('Payment Method').selectOption('cash');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');
    // Record Payment comes back to the invoice it paid.
    await page.waitForURL((url) => url.pathname === `/invoices/${invoiceId}`);
    expect(await status(page)).toBe('Paid');

    await page.goto('/overview');
    await receivables.waitFor();
    expect(await receivables.innerText()).toBe(receivablesBefore);
    // The two charts draw their data (bars or lines), and the tables list rows.
    await page.locator('.recharts-surface').nth(1).waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(2);
    await page.getByText('Best sellers', { exact: true }).waitFor();
    const bestSellers = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Total' }) });
    expect(await bestSellers.getByRole('row').count()).toBeGreaterThan(1);
    await screenshot(page, 'overview');
  });
});

function parseMoney(text: string): number {
  return Number(text.replace(/[₱,]/g, ''));
}

function money(pesos: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'PHP',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(pesos);
}
