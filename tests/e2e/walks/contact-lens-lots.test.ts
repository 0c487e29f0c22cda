import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectToast, pick, screenshot, signIn, startBrowserApp } from '../browser-app.ts';

// The demo's Makati shelf of ACUVUE OASYS 1-Day: lot AO1D-24117 expired five days ago with a box left, AO1D-25020
// expires in 40 days, AO1D-25188 in 400.
const lens = { code: 'AC-O1D-30', name: 'ACUVUE OASYS 1-Day with HydraLuxe (box of 30)' };

async function waitForValue(page: Page, name: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([field, wanted]) => document.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.value === wanted,
    [name, value] as const,
  );
}

// docs/domain/eye-care.md (Lots and expiry) at the counter: a cashier selling contact lenses never sells the expired
// box and gets the oldest good lot without naming one.
describe('selling contact lenses kept by lot', () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('takes the oldest unexpired lot, and the Lots screen shows the expired one to pull', {
    timeout: 180_000,
  }, async () => {
    await page.goto('/invoices/create');
    await waitForValue(page, 'branch_id', 'Makati Branch');
    await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(page, 'lines.0.item_id', lens.code, `${lens.name} · ${lens.code}`);
    const lot = page.locator('input[name="lines.0.lot_number"]');
    await lot.waitFor();
    expect(await lot.getAttribute('placeholder')).toBe('Earliest expiry');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');

    // The saved invoice opens its view, where Print and Record Payment are.
    await page.waitForURL(/\/invoices\/\d+$/);
    const lines = page.getByRole('table').filter({ hasText: lens.name });
    await lines.getByText('AO1D-25020').waitFor();
    expect(await lines.innerText()).not.toContain('AO1D-24117');
    await screenshot(page, 'invoice-lots');

    await page.goto('/stock-lots?expiring_within_days=90');
    await page.getByText('AO1D-24117').first().waitFor();
    const listed = await page.locator('tbody').innerText();
    expect(listed).toContain('AO1D-25020');
    expect(listed).not.toContain('AO1D-25188');
  });
});
