import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, pick, sidebar, signIn, startBrowserApp } from '../browser-app.ts';

// The purchasing and logistics week of docs/domain/purchasing.md and logistics.md as the owner and the warehouse
// clerk live it, every screen reached by the views' own buttons and links after signing in: lenses ordered from the
// power grid, received in two parts, billed at another cost; a transfer to a branch that arrives one short and one
// damaged, settled by the warehouse; and the clerk's price labels.

const family = { code: 'HOYA-150-SV', label: 'Hoya Hilux 1.50 SV · HOYA-150-SV' };
const powers = { first: '-2.25 / -0.75', second: '-2.00 / +0.00' };

async function asUser(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function openFromSidebar(page: Page, link: string): Promise<void> {
  await sidebar(page).getByRole('link', { name: link, exact: true }).click();
}

// Opens a document from its list by its number's link.
async function openListed(page: Page, link: string, number: string): Promise<void> {
  await openFromSidebar(page, link);
  await page.getByRole('row').filter({ hasText: number }).getByRole('link', { name: 'View', exact: true }).click();
  await page.getByRole('heading', { name: new RegExp(number) }).waitFor();
}

describe("the clerk's week", () => {
  let app: BrowserApp;
  let owner: Page;
  let clerk: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    owner = await asUser(app.browser, app.baseUrl, 'admin@spectacle.test');
    clerk = await asUser(app.browser, app.baseUrl, 'clerk@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  let orderNumber = '';

  it('orders lenses from the power grid and lands on the purchase order', { timeout: 120_000 }, async () => {
    await openFromSidebar(owner, 'Power Grid');
    await pick(owner, 'power-grid-family', family.code, family.label);
    await owner.getByLabel('Location').selectOption({ label: 'Central Warehouse' });
    await owner.getByRole('table', { name: 'Power grid' }).waitFor();
    await owner.getByRole('button', { name: 'Order Into Grid' }).click();
    await pick(owner, 'power-grid-supplier', 'Hoya', 'Hoya Lens Philippines');
    await owner.getByRole('spinbutton', { name: `Order ${powers.first}` }).fill('10');
    await owner.getByRole('spinbutton', { name: `Order ${powers.second}` }).fill('4');
    await owner.getByRole('button', { name: 'Create Purchase Order' }).click();
    await owner.waitForURL(/\/purchase-orders\/\d+$/);
    const heading = await owner.getByRole('heading', { name: /^Purchase Order PO-/ }).innerText();
    orderNumber = heading.replace('Purchase Order ', '');
    expect(await detail(owner, 'Status').innerText()).toBe('Open');
    expect(await detail(owner, 'Location').innerText()).toBe('Central Warehouse');
  });

  it('receives part of the order, then the rest, from the order view', { timeout: 120_000 }, async () => {
    await openListed(clerk, 'Purchase Orders', orderNumber);
    await clerk.locator('main').getByRole('link', { name: 'Receive', exact: true }).click();
    await clerk.locator('input[name="lines.0.quantity"]').waitFor();
    await clerk.locator('input[name="lines.0.quantity"]').fill('6');
    await clerk.locator('input[name="lines.1.quantity"]').fill('2');
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.waitForURL(/\/receive-orders\/\d+$/);
    await expectToast(clerk, 'Receive Order created successfully.');

    await openListed(clerk, 'Purchase Orders', orderNumber);
    await expect.poll(() => detail(clerk, 'Status').innerText()).toBe('Partially Received');
    await clerk.locator('main').getByRole('link', { name: 'Receive', exact: true }).click();
    await clerk.locator('input[name="lines.0.quantity"]').waitFor();
    expect(await clerk.locator('input[name="lines.0.quantity"]').inputValue()).toBe('4');
    expect(await clerk.locator('input[name="lines.1.quantity"]').inputValue()).toBe('2');
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.waitForURL(/\/receive-orders\/\d+$/);
    await openListed(clerk, 'Purchase Orders', orderNumber);
    await expect.poll(() => detail(clerk, 'Status').innerText()).toBe('Received');
    expect(await clerk.locator('main').getByRole('link', { name: 'Receive', exact: true }).count()).toBe(0);
  });

  it('bills the order at another cost than it was received at, and the bill posts', { timeout: 120_000 }, async () => {
    await openListed(owner, 'Purchase Orders', orderNumber);
    await owner.locator('main').getByRole('link', { name: 'Create Bill', exact: true }).click();
    await owner.locator('input[name="lines.0.unit_cost"]').waitFor();
    await owner.locator('input[name="lines.0.unit_cost"]').fill('850');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.waitForURL(/\/bills\/\d+$/);
    await expect.poll(() => detail(owner, 'Status').innerText()).toBe('Unpaid');
    expect(await detail(owner, 'Total').innerText()).toBe('₱11,700');
  });

  it('sends three lenses to Makati, one arrives damaged and one never, and the warehouse settles the missing one', {
    timeout: 180_000,
  }, async () => {
    await openFromSidebar(clerk, 'Stock Transfers');
    await clerk.getByRole('link', { name: 'Create New' }).click();
    await pick(clerk, 'to_branch_id', 'Makati', 'Makati Branch');
    await pick(clerk, 'lines.0.item_id', '-2.25 -0.75', 'Hoya Hilux 1.50 SV -2.25/-0.75');
    await clerk.locator('input[name="lines.0.quantity"]').fill('3');
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.waitForURL(/\/stock-transfers\/\d+$/);
    const transferNumber = (await clerk.getByRole('heading', { name: /^Stock Transfer / }).innerText()).replace(
      'Stock Transfer ',
      '',
    );
    await expect.poll(() => detail(clerk, 'Status').innerText()).toBe('In Transit');

    const cashier = await asUser(app.browser, app.baseUrl, 'cashier@spectacle.test');
    await openListed(cashier, 'Stock Transfers', transferNumber);
    await cashier.locator('main').getByRole('link', { name: 'Receive Stock', exact: true }).click();
    await cashier.locator('input[name="lines.0.quantity"]').waitFor();
    await cashier.locator('input[name="lines.0.quantity"]').fill('1');
    await cashier.locator('input[name="lines.0.damaged_quantity"]').fill('1');
    await cashier.locator('input[name="lines.0.damage_reason"]').fill('Scratched in the box');
    await cashier.getByRole('button', { name: 'Save' }).click();
    await cashier.waitForURL(/\/stock-receives\/\d+$/);

    // The branch's receipt was made in another browser: the clerk's screen reads the transfer anew.
    await clerk.reload();
    await clerk.getByRole('heading', { name: new RegExp(transferNumber) }).waitFor();
    await expect.poll(() => detail(clerk, 'Status').innerText(), { timeout: 15_000 }).toBe('Partially Received');
    await clerk.getByRole('button', { name: 'Settle' }).click();
    const dialog = clerk.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Settle' }).click();
    await expect.poll(() => detail(clerk, 'Status').innerText()).toBe('Completed');
    const line = clerk.getByRole('row').filter({ hasText: '-2.25/-0.75' });
    // Sent 3; received 2 (one in good order, one damaged and written off at once); lost 1, settled by the warehouse.
    expect(await line.getByRole('cell').allInnerTexts()).toEqual([
      'Hoya Hilux 1.50 SV -2.25/-0.75',
      '3',
      '',
      '2',
      '0',
      '1',
    ]);
  });

  it('prints the price labels of two items as the clerk', { timeout: 120_000 }, async () => {
    await openFromSidebar(clerk, 'Items');
    const rows = clerk.locator('tbody').getByRole('checkbox');
    await rows.nth(0).check({ force: true });
    await rows.nth(1).check({ force: true });
    await clerk.getByRole('button', { name: 'Print labels' }).click();
    await clerk.getByText('2 labels on 1 sheet').waitFor();
    expect(await clerk.locator('[data-label]').count()).toBe(2);
  });
});
