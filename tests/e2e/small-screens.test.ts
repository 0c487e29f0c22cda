import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/app/definitions.ts';
import {
  type BrowserApp,
  detail,
  expectToast,
  goInApp,
  listedPage,
  pick,
  screenshot,
  sidebar,
  signIn,
  startBrowserApp,
  typePrice,
  type Viewport,
} from './browser-app.ts';

// Issue 15: the counter on a tablet held upright and the owner's phone.
const sizes: { name: string; viewport: Viewport }[] = [
  { name: 'tablet', viewport: { width: 820, height: 1180 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

// How far the page reaches past the screen's right edge; 0 when nothing scrolls sideways.
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('small screens', () => {
  let app: BrowserApp;

  beforeAll(async () => {
    app = await startBrowserApp();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  // Issue 25: at 1366 px a receipt's lines (lot number, expiry) were wider than the form and cut off their remove
  // buttons; narrower laptops had it worse.
  it.each([1366, 1280])(
    'keeps every line remove button in view on a %d px wide screen',
    { timeout: 60_000 },
    async (width) => {
      const page = await app.newPage({ width, height: 900 });
      await signIn(page, 'admin@spectacle.test');
      await page.goto('/receive-orders/create/2');
      await page.getByRole('button', { name: 'Remove line 1' }).waitFor();
      const cut = await page.evaluate(
        () =>
          [...document.querySelectorAll('button[aria-label^="Remove line"]')].filter((button) => {
            const own = button.getBoundingClientRect();
            const box = button.closest('table')?.parentElement?.getBoundingClientRect();
            return !box || own.left < box.left || own.right > box.right;
          }).length,
      );
      expect(cut).toBe(0);
      await page.context().close();
    },
  );

  for (const { name, viewport } of sizes) {
    describe(`at the ${name} size (${viewport.width} × ${viewport.height})`, () => {
      let page: Page;

      beforeAll(async () => {
        page = await app.newPage(viewport);
        await signIn(page, 'admin@spectacle.test');
      }, 60_000);

      it('keeps the sidebar in a drawer that opens, navigates and closes', { timeout: 60_000 }, async () => {
        expect(await sidebar(page).count()).toBe(0);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await sidebar(page).getByRole('link', { name: 'Invoices', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/invoices');
        await page.getByText(/^List of Invoices - Total \d+$/).waitFor();
        await sidebar(page).waitFor({ state: 'detached' });
        await screenshot(page, `${name}-invoices`);
      });

      it('offers Logout from the user menu on the top bar', { timeout: 30_000 }, async () => {
        await page.getByRole('button', { name: 'Ana Administrator' }).click();
        const logout = page.getByRole('menuitem', { name: 'Logout' });
        await logout.waitFor();
        const box = await logout.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        await page.keyboard.press('Escape');
      });

      // Every list, create form and first record of the registry, with nothing wider than the screen. The screens
      // are reached as the app's links reach them, without reloading it: the width of a screen does not depend on
      // how it was opened, and routes.test.ts loads every address afresh.
      it('scrolls no route of the registry sideways', { timeout: 120_000 }, async () => {
        const overflowing: string[] = [];
        const check = async (path: string, ready: () => Promise<void>) => {
          await goInApp(page, path);
          await ready();
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) overflowing.push(`${path} (+${overflow} px)`);
        };
        await page.goto('/overview');
        await page.getByRole('heading', { name: 'Overview', level: 2 }).waitFor();
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) overflowing.push(`/overview (+${overflow} px)`);
        for (const resource of resources) {
          const listed = listedPage(page, resource.key);
          await check(`/${resource.key}`, async () => {
            await page.getByText(new RegExp(`^List of ${resource.plural} - Total [1-9]\\d*$`)).waitFor();
          });
          const first = (await listed).data[0];
          if (resource.screens !== 'read-only') {
            await check(`/${resource.key}/create`, async () => {
              await page.getByRole('heading', { name: `Create ${resource.singular}`, level: 2 }).waitFor();
              await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
            });
          }
          if (first) {
            await check(`/${resource.key}/${first.id}`, async () => {
              await page.getByRole('heading', { name: new RegExp(`^${resource.singular}\\b`), level: 2 }).waitFor();
              await page.locator('dt').first().waitFor();
            });
          }
        }
        expect(overflowing).toEqual([]);
      });
    });
  }

  it('sells two items and takes the payment on a phone', { timeout: 180_000 }, async () => {
    const phone = await app.newPage({ width: 390, height: 844 });
    await signIn(phone, 'cashier@spectacle.test');
    await phone.goto('/invoices/create');
    await pick(phone, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(phone, 'branch_id', 'Makati', 'Makati Branch');
    await pick(phone, 'lines.0.item_id', 'RB-2140-901', 'Ray-Ban Original Wayfarer RB2140 Black');
    await phone.locator('input[name="lines.0.quantity"]').fill('1');
    await typePrice(phone, 'lines.0.unit_price', '8990');
    await phone.getByRole('button', { name: 'Add line' }).click();
    await pick(phone, 'lines.1.item_id', 'SV-EXAM', 'Comprehensive Eye Examination');
    await phone.locator('input[name="lines.1.quantity"]').fill('1');
    await typePrice(phone, 'lines.1.unit_price', '500');
    // Every field of a line and its amount are on the screen, not behind a sideways scroll.
    for (const field of ['lines.1.quantity', 'lines.1.unit_price', 'lines.1.discount_percent']) {
      const box = await phone.locator(`input[name="${field}"]`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${field} is off the screen`).toBe(true);
    }
    const amount = await phone.getByLabel('Amount 2').boundingBox();
    expect(amount && amount.x + amount.width <= 390).toBe(true);
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'phone-invoice-form');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expectToast(phone, 'Invoice created successfully.');
    await phone.waitForURL((url) => /^\/invoices\/\d+$/.test(url.pathname));
    const href = new URL(phone.url()).pathname;
    expect(await detail(phone, 'Amount due').innerText()).toBe('₱9,490');
    await phone.getByRole('main').getByRole('link', { name: 'Record Payment', exact: true }).click();
    await phone.getByLabel('Payment Method').selectOption('cash');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expectToast(phone, 'Invoice Payment created successfully.');
    await phone.goto(href);
    expect(await detail(phone, 'Status').innerText()).toBe('Paid');
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
  });
});
