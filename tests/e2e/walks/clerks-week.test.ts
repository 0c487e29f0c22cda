import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, pick, sidebar, signIn, startBrowserApp } from '../browser-app.ts';

// The purchasing and logistics week of docs/domain/purchasing.md and logistics.md as the owner and the warehouse
// clerk live it, every screen reached by the views' own buttons and links after signing in: toric contact lenses,
// kept by lot, ordered from the power grid, received in two parts in their lots, billed at another cost (the average
// follows the bill); a transfer to a branch that arrives one short and one damaged, settled by the warehouse; and the
// clerk's price labels.

// A toric contact lens stocked by power, which the demo does not have: its boxes are kept by lot and expiry.
const family = {
  code: 'AC-OAS-AST',
  name: 'Acuvue Oasys for Astigmatism (box of 6)',
  supplier: 'Johnson & Johnson Vision Care',
};
const familyLabel = `${family.name} · ${family.code}`;
const powers = { first: '-2.25 / -0.75', second: '-2.00 / -0.75' };
const firstVariant = `${family.name} -2.25/-0.75`;
// Pesos: the supplier's price the order takes, the bill's cost; boxes: already on the warehouse shelf, ordered.
const cost = { ordered: 800, billed: 850 };
const boxes = { shelf: 5, first: 10, second: 4 };

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

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

// The API as the signed-in user's browser calls it: the session's cookies, its XSRF token and the business.
async function callApi(page: Page, businessId: number, method: 'GET' | 'POST', path: string, data?: unknown) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { 'business-id': String(businessId), 'x-xsrf-token': xsrf, 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

describe("the clerk's week", () => {
  let app: BrowserApp;
  let owner: Page;
  let clerk: Page;
  let businessId = 0;
  let warehouseId = 0;
  let firstVariantId = 0;

  // The owner adds the toric lens as a lens family from the supplier at its price and generates its powers; five
  // boxes of one power are already on the warehouse shelf at that price.
  async function setUpTheFamily(): Promise<void> {
    const template = await app.db
      .selectFrom('items')
      .selectAll()
      .where('code', '=', 'AC-OAS-6')
      .executeTakeFirstOrThrow();
    businessId = template.business_id;
    const { id: _, ...columns } = template;
    const now = new Date().toISOString();
    const created = await app.db
      .insertInto('items')
      .values({ ...columns, code: family.code, name: family.name, barcode: null, is_lot_tracked: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const supplier = await app.db
      .selectFrom('contacts')
      .select('id')
      .where('business_id', '=', businessId)
      .where('name', '=', family.supplier)
      .executeTakeFirstOrThrow();
    const warehouse = await app.db
      .selectFrom('warehouses')
      .select('id')
      .where('business_id', '=', businessId)
      .where('name', '=', 'Central Warehouse')
      .executeTakeFirstOrThrow();
    warehouseId = warehouse.id;
    await callApi(owner, businessId, 'POST', '/api/purchase-item-prices', {
      item_id: created.id,
      contact_id: supplier.id,
      unit_cost: cost.ordered,
      effective_date: daysFromToday(-30),
    });
    await callApi(owner, businessId, 'POST', '/api/sale-item-prices', {
      item_id: created.id,
      unit_price: 1450,
      effective_date: daysFromToday(-30),
    });
    await callApi(owner, businessId, 'POST', `/api/items/${created.id}/generate-powers`, {
      sphere_from: -3,
      sphere_to: -1,
      cylinder_from: -0.75,
      cylinder_to: -1.25,
    });
    const variant = await app.db
      .selectFrom('items')
      .select('id')
      .where('variant_of_item_id', '=', created.id)
      .where('name', '=', firstVariant)
      .executeTakeFirstOrThrow();
    firstVariantId = variant.id;
    await callApi(owner, businessId, 'POST', '/api/receive-orders', {
      contact_id: supplier.id,
      warehouse_id: warehouseId,
      received_date: daysFromToday(-10),
      lines: [
        {
          item_id: variant.id,
          quantity: boxes.shelf,
          unit_cost: cost.ordered,
          lot_number: 'OAST-2401',
          expires_on: daysFromToday(200),
        },
      ],
    });
  }

  async function warehouseStock(): Promise<{ quantity_on_hand: number; average_unit_cost: number }> {
    const stocks = await callApi(
      owner,
      businessId,
      'GET',
      `/api/stocks?item_id=${firstVariantId}&warehouse_id=${warehouseId}`,
    );
    const [stock] = stocks.data as { quantity_on_hand: number; average_unit_cost: number }[];
    if (!stock) throw new Error('The lens has no stock at the warehouse.');
    return { quantity_on_hand: stock.quantity_on_hand, average_unit_cost: stock.average_unit_cost };
  }

  beforeAll(async () => {
    app = await startBrowserApp();
    owner = await asUser(app.browser, app.baseUrl, 'admin@spectacle.test');
    clerk = await asUser(app.browser, app.baseUrl, 'clerk@spectacle.test');
    await setUpTheFamily();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  let orderNumber = '';

  it('orders lenses from the power grid and lands on the purchase order', { timeout: 120_000 }, async () => {
    await openFromSidebar(owner, 'Power Grid');
    await pick(owner, 'power-grid-family', family.code, familyLabel);
    await owner.getByLabel('Location').selectOption({ label: 'Central Warehouse' });
    await owner.getByRole('table', { name: 'Power grid' }).waitFor();
    await owner.getByRole('button', { name: 'Order Into Grid' }).click();
    await pick(owner, 'power-grid-supplier', 'Johnson', family.supplier);
    await owner.getByRole('spinbutton', { name: `Order ${powers.first}` }).fill(String(boxes.first));
    await owner.getByRole('spinbutton', { name: `Order ${powers.second}` }).fill(String(boxes.second));
    await owner.getByRole('button', { name: 'Create Purchase Order' }).click();
    await owner.waitForURL(/\/purchase-orders\/\d+$/);
    const heading = await owner.getByRole('heading', { name: /^Purchase Order PO-/ }).innerText();
    orderNumber = heading.replace('Purchase Order ', '');
    expect(await detail(owner, 'Status').innerText()).toBe('Open');
    expect(await detail(owner, 'Location').innerText()).toBe('Central Warehouse');
  });

  // Each receipt's boxes come in two lots, each with its expiry.
  async function fillLot(index: number, lot: string, expiresIn: number): Promise<void> {
    await clerk.locator(`input[name="lines.${index}.lot_number"]`).fill(lot);
    await clerk.locator(`input[name="lines.${index}.expires_on"]`).fill(daysFromToday(expiresIn));
  }

  it('receives part of the order in its lots, then the rest, from the order view', { timeout: 120_000 }, async () => {
    await openListed(clerk, 'Purchase Orders', orderNumber);
    await clerk.locator('main').getByRole('link', { name: 'Receive', exact: true }).click();
    await clerk.locator('input[name="lines.0.quantity"]').waitFor();
    await clerk.locator('input[name="lines.0.quantity"]').fill('6');
    await clerk.locator('input[name="lines.1.quantity"]').fill('2');
    await fillLot(0, 'OAST-2417', 400);
    await fillLot(1, 'OAST-2418', 400);
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.waitForURL(/\/receive-orders\/\d+$/);
    await expectToast(clerk, 'Receive Order created successfully.');
    const received = clerk.getByRole('table').filter({ hasText: 'OAST-2417' });
    await received.waitFor();
    expect(await received.innerText()).toContain('OAST-2418');

    await openListed(clerk, 'Purchase Orders', orderNumber);
    await expect.poll(() => detail(clerk, 'Status').innerText()).toBe('Partially Received');
    await clerk.locator('main').getByRole('link', { name: 'Receive', exact: true }).click();
    await clerk.locator('input[name="lines.0.quantity"]').waitFor();
    expect(await clerk.locator('input[name="lines.0.quantity"]').inputValue()).toBe('4');
    expect(await clerk.locator('input[name="lines.1.quantity"]').inputValue()).toBe('2');
    await fillLot(0, 'OAST-2431', 420);
    await fillLot(1, 'OAST-2431', 420);
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.waitForURL(/\/receive-orders\/\d+$/);
    await openListed(clerk, 'Purchase Orders', orderNumber);
    await expect.poll(() => detail(clerk, 'Status').innerText()).toBe('Received');
    expect(await clerk.locator('main').getByRole('link', { name: 'Receive', exact: true }).count()).toBe(0);
    // Shelf and order alike came in at the supplier's price.
    expect(await warehouseStock()).toEqual({
      quantity_on_hand: boxes.shelf + boxes.first,
      average_unit_cost: cost.ordered,
    });
  });

  it('bills the order at another cost than it was received at, and the average follows the bill', {
    timeout: 120_000,
  }, async () => {
    await openListed(owner, 'Purchase Orders', orderNumber);
    await owner.locator('main').getByRole('link', { name: 'Create Bill', exact: true }).click();
    await owner.locator('input[name="lines.0.unit_cost"]').waitFor();
    await owner.locator('input[name="lines.0.unit_cost"]').fill(String(cost.billed));
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.waitForURL(/\/bills\/\d+$/);
    await expect.poll(() => detail(owner, 'Status').innerText(), { timeout: 15_000 }).toBe('Unpaid');
    const total = boxes.first * cost.billed + boxes.second * cost.ordered;
    expect(await detail(owner, 'Total').innerText()).toBe(`₱${total.toLocaleString('en-US')}`);
    // docs/domain/purchasing.md, Bills: the ten boxes still on the shelf are revalued to the bill's cost, so the
    // average is the shelf's five at the old cost and the ten at the bill's over fifteen boxes.
    const onHand = boxes.shelf + boxes.first;
    const average = (boxes.shelf * cost.ordered + boxes.first * cost.billed) / onHand;
    expect(average.toFixed(2)).toBe('833.33');
    // The bill's view shows what its cost moved: ₱50 more on each of the ten boxes, all still on hand.
    const revaluation = owner.getByRole('table').filter({ has: owner.getByText('Revaluation', { exact: true }) });
    const revalued = revaluation.getByRole('row').filter({ hasText: firstVariant });
    await revalued.waitFor();
    expect(await revalued.getByRole('cell').allInnerTexts()).toEqual([
      firstVariant,
      String(boxes.first),
      `₱${(boxes.first * (cost.billed - cost.ordered)).toLocaleString('en-US')}`,
      '₱0',
    ]);
    expect(await warehouseStock()).toEqual({ quantity_on_hand: onHand, average_unit_cost: Number(average.toFixed(2)) });
  });

  it('sends three lenses to Makati, one arrives damaged and one never, and the warehouse settles the missing one', {
    timeout: 180_000,
  }, async () => {
    await openFromSidebar(clerk, 'Stock Transfers');
    await clerk.getByRole('link', { name: 'Create New' }).click();
    await pick(clerk, 'to_branch_id', 'Makati', 'Makati Branch');
    await pick(clerk, 'lines.0.item_id', '-2.25 -0.75', firstVariant);
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
    await expect.poll(() => detail(clerk, 'Status').innerText(), { timeout: 20_000 }).toBe('Completed');
    const line = clerk.getByRole('row').filter({ hasText: '-2.25/-0.75' });
    // Sent 3 from the shelf's lot (the earliest expiry); received 2 (one in good order, one damaged and written off
    // at once); lost 1, settled by the warehouse.
    const [name, sent, lots, ...rest] = await line.getByRole('cell').allInnerTexts();
    expect([name, sent, rest]).toEqual([firstVariant, '3', ['2', '0', '1']]);
    expect(lots).toMatch(/^OAST-2401 \(exp\. .+\) × 3$/);
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
