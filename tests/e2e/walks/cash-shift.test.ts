import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectToast, pick, screenshot, signIn, startBrowserApp } from '../browser-app.ts';

// docs/domain/cash.md: a cashier's whole shift at Makati, from the float to the day's Z-reading, after which the day
// takes no more invoices.
const frame = { code: 'PR-16MV-1AB', name: 'Prada Heritage PR 16MV Optical' };

// Today in Manila (UTC+8 all year), as the business day the forms write.
const manilaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe("a cashier's shift in the browser", () => {
  let app: BrowserApp;

  beforeAll(async () => {
    app = await startBrowserApp();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('opens the drawer, sells in cash, pays a delivery, counts short, closes, and closes the day', {
    timeout: 180_000,
  }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');

    await page.goto('/cash-sessions/create');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="branch_id"]')?.value === 'Makati Branch',
    );
    await page.locator('input[name="opening_float"]').fill('2000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Cash Session created successfully.');
    // The top bar now says the drawer is open, and leads to it.
    const drawer = page.getByRole('link', { name: 'Drawer open: view your cash session' });
    await drawer.waitFor();

    await page.goto('/invoices/create');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="branch_id"]')?.value === 'Makati Branch',
    );
    await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(page, 'lines.0.item_id', frame.code, frame.name);
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="lines.0.unit_price"]')?.value === '17990',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');
    // The saved invoice opens its view, where Print and Record Payment are.
    await page.waitForURL(/\/invoices\/\d+$/);
    await page.getByRole('main').getByRole('link', { name: 'Record Payment', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/invoice-payments/create/'));
    expect(await page.getByLabel('Payment Method').inputValue()).toBe('cash');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');

    await page.getByRole('link', { name: 'Drawer open: view your cash session' }).click();
    await page.waitForURL(/\/cash-sessions\/\d+$/);
    await page.getByLabel('Kind').selectOption('cash_out');
    await page.getByRole('spinbutton', { name: 'Amount' }).fill('150');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Delivery of lenses');
    await page.getByRole('button', { name: 'Record' }).click();
    await expectToast(page, 'Cash out recorded.');
    // ₱2,000 float + ₱17,990 sale - ₱150 delivery.
    await page.getByText('Expected: ₱19,840').waitFor();
    await page.getByRole('spinbutton', { name: '₱1,000' }).fill('19');
    await page.getByRole('spinbutton', { name: '₱500' }).fill('1');
    await page.getByRole('spinbutton', { name: '₱200' }).fill('1');
    await page.getByRole('spinbutton', { name: '₱100' }).fill('1');
    await page.getByTestId('over-short').getByText('₱40.00 short').waitFor();
    await screenshot(page, 'cash-session-count');
    await page.getByRole('button', { name: 'Close Session' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Cash session closed.');
    await page.getByText('SHIFT REPORT', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Print Shift Report (80 mm)' }).waitFor();
    await drawer.waitFor({ state: 'detached' });

    // Days close in order: the form starts on the demo's open yesterday, which the cashier closes first, then today.
    for (const day of ['the earlier open day', 'today'] as const) {
      await page.goto('/z-readings/create');
      await page.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[name="branch_id"]')?.value === 'Makati Branch',
      );
      if (day === 'today') {
        await page.getByText('An earlier day is still open').waitFor({ state: 'detached' });
        await page.locator('#business_date').fill(manilaToday());
      } else {
        await page.getByText('An earlier day is still open').waitFor();
      }
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Z-Reading created successfully.');
      await page.waitForURL((url) => url.pathname === '/z-readings');
    }
    await page.locator('tbody').getByRole('link', { name: 'View', exact: true }).first().click();
    await page.waitForURL(/\/z-readings\/\d+$/);
    await page.getByText('Z-READING', { exact: true }).waitFor();
    await page.getByText('₱40.00 short').first().waitFor();
    await screenshot(page, 'z-reading');

    await page.goto('/invoices/create');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="branch_id"]')?.value === 'Makati Branch',
    );
    await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(page, 'lines.0.item_id', frame.code, frame.name);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/is closed at Makati Branch/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/invoices/create');
  });
});
