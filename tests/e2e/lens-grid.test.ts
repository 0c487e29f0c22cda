import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectToast, pick, screenshot, signIn, startBrowserApp } from './browser-app.ts';

const family = { code: 'HOYA-150-SV', label: 'Hoya Hilux 1.50 SV · HOYA-150-SV' };
const patient = 'Andrea Villanueva';

// The on-hand figure of one cell of the grid, read from its accessible name ("-2.25 / -0.75: 3 on hand, ...").
async function onHand(page: Page, power: string): Promise<number> {
  const cell = page.getByRole('button', { name: new RegExp(`^${power.replaceAll('+', '\\+')}: `) });
  const name = (await cell.getAttribute('aria-label')) ?? '';
  return Number(/: ([\d,.]+) on hand/.exec(name)?.[1]?.replaceAll(',', '') ?? Number.NaN);
}

// Picks the family on a lens line; the line then holds whatever the family's power for that eye turned out to be.
async function pickFamily(page: Page, fieldName: string): Promise<void> {
  const input = page.locator(`input[name="${fieldName}"]`);
  await input.click();
  await input.fill(family.code);
  await page.getByRole('listbox').getByRole('option', { name: family.label }).first().click();
}

async function openGrid(page: Page): Promise<void> {
  await page.goto('/items/power-grid');
  await pick(page, 'power-grid-family', family.code, family.label);
  await page.getByLabel('Location').selectOption({ label: 'Makati Branch' });
  await page.getByRole('table', { name: 'Power grid' }).waitFor();
}

// A clerk receives lenses by typing into the grid and sees it fill; a cashier orders glasses from a prescription,
// the lens family picks the power of each eye (or says it is not stocked), and the invoice sells that power.
describe('lenses by power in the browser', () => {
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

  it('receives into the power grid, then sells a lens picked from a prescription', { timeout: 240_000 }, async () => {
    await openGrid(page);
    const power = '-2.25 / -0.75';
    const before = await onHand(page, power);
    expect(before).toBeGreaterThanOrEqual(0);
    // Ordered from the grid first: a receipt into the grid is against an open order of its location.
    await page.getByRole('button', { name: 'Order Into Grid' }).click();
    await pick(page, 'power-grid-supplier', 'Hoya', 'Hoya Lens Philippines');
    await page.getByRole('spinbutton', { name: `Order ${power}` }).fill('5');
    await page.getByRole('spinbutton', { name: 'Order -2.00 / +0.00' }).fill('2');
    await page.getByRole('button', { name: 'Create Purchase Order' }).click();
    await page.waitForURL(/\/purchase-orders\/\d+$/);
    const orderNumber = (await page.getByRole('heading', { name: /^Purchase Order / }).innerText()).replace(
      'Purchase Order ',
      '',
    );
    await openGrid(page);
    await page.getByRole('button', { name: 'Receive Into Grid' }).click();
    await pick(page, 'power-grid-order', orderNumber);
    await page.getByRole('spinbutton', { name: `Receive ${power}` }).fill('5');
    await page.getByRole('spinbutton', { name: 'Receive -2.00 / +0.00' }).fill('2');
    await page.getByRole('button', { name: 'Create Receive Order' }).click();
    await page.getByText(/^Receive order RO-\d{8}-B\d{5}-\d{8} created\.$/).waitFor();
    await page.getByRole('button', { name: 'Stop Receiving' }).click();
    await page.waitForFunction(
      ([label, expected]) => document.querySelector(`button[aria-label^="${label}: ${expected} on hand"]`) !== null,
      [power, String(before + 5)] as const,
    );
    await screenshot(page, 'power-grid');

    await page.goto('/prescriptions/create');
    await pick(page, 'contact_id', 'Andrea', patient);
    await page.locator('select[name="kind"]').selectOption('spectacles');
    await page.locator('input[name="od_sphere"]').fill('-2.25');
    await page.locator('input[name="od_cylinder"]').fill('-0.75');
    await page.locator('input[name="od_axis"]').fill('180');
    await page.locator('input[name="os_sphere"]').fill('-6.50');
    await page.locator('input[name="pd_distance"]').fill('62');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Prescription created successfully.');

    await page.goto('/job-orders/create');
    await pick(page, 'contact_id', 'Andrea', patient);
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('select[name="prescription_id"]')?.value,
    );
    await pick(page, 'branch_id', 'Makati', 'Makati Branch');
    await page.locator('select[name="lines.0.role"]').selectOption('lens_od');
    await pickFamily(page, 'lines.0.item_id');
    await page.waitForFunction(() =>
      document.querySelector<HTMLInputElement>('input[name="lines.0.item_id"]')?.value.includes('-2.25/-0.75'),
    );
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.locator('select[name="lines.1.role"]').selectOption('lens_os');
    await pickFamily(page, 'lines.1.item_id');
    await page.getByText('That power is not stocked.').waitFor();
    await page.getByRole('button', { name: 'Remove line 2' }).click();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="lines.0.unit_price"]')?.value,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Job Order created successfully.');

    await page.goto('/job-orders');
    await page.getByText(/^List of .+ - Total \d+$/).waitFor();
    const href = await page
      .locator('tbody')
      .getByRole('link', { name: 'View', exact: true })
      .first()
      .getAttribute('href');
    const jobOrderId = Number(href?.split('/').at(-1) ?? 0);
    await page.goto(`/invoices/create/from-job-order/${jobOrderId}`);
    await page.waitForFunction(() =>
      document.querySelector<HTMLInputElement>('input[name="lines.0.item_id"]')?.value.includes('-2.25/-0.75'),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');

    await openGrid(page);
    expect(await onHand(page, power)).toBe(before + 4);
  });
});
