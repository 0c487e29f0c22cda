import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, screenshot, signIn, startBrowserApp } from './browser-app.ts';

const maxTabs = 200;

// Presses Tab until the focused element matches `selector` (and reads `text`, when given): the keyboard's only way
// around a page.
async function tabTo(page: Page, selector: string, text?: string): Promise<void> {
  for (let press = 0; press < maxTabs; press += 1) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(
      ([wanted, label]) => {
        const element = document.activeElement;
        return Boolean(element?.matches(wanted) && (label === null || element.textContent?.trim() === label));
      },
      [selector, text ?? null] as const,
    );
    if (reached) return;
  }
  throw new Error(`Tab never reached ${selector} ${text ?? ''}.`);
}

const field = (page: Page, name: string) => tabTo(page, `[name="${name}"]`);

// Types into the focused picker and waits until the option it will pick on Enter is the one wanted.
async function typeAndPick(page: Page, text: string, option: string): Promise<void> {
  await page.keyboard.type(text);
  await page.waitForFunction((wanted) => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '').includes(wanted) : false;
  }, option);
  await page.keyboard.press('Enter');
}

async function replaceWith(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

// The counter sale (docs/domain/sales.md, Invoices and Invoice payments) with the keyboard alone: no click from the new
// invoice to the paid invoice.
describe('a sale with the keyboard alone', () => {
  let app: BrowserApp;

  beforeAll(async () => {
    app = await startBrowserApp();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('rings up a frame and an eye exam at Makati, saves, and takes the payment', { timeout: 180_000 }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
    await page.goto('/invoices/create');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="branch_id"]')?.value === 'Makati Branch',
    );

    await field(page, 'contact_id');
    await typeAndPick(page, 'Maria', 'Maria');
    // Tab after a pick goes to the next field, not to the picker's clear button; Escape clears the choice.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('branch_id');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.locator('input[name="contact_id"]').inputValue()).toBe('');
    await page.keyboard.press('Shift+Tab');
    await typeAndPick(page, 'Walk', 'Walk-in Customer');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('branch_id');
    await field(page, 'lines.0.item_id');
    await typeAndPick(page, 'RB-2140-901', 'RB-2140-901');
    await screenshot(page, 'keyboard-line-picked');
    await field(page, 'lines.0.quantity');
    await replaceWith(page, '1');
    await field(page, 'lines.0.unit_price');
    await replaceWith(page, '8990');
    // Enter in the last line opens the next one, with the focus in its item picker.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'lines.1.item_id');
    await page.keyboard.type('SV-EXAM');
    await page.locator('[role="option"][aria-selected="true"]').waitFor();
    await screenshot(page, 'keyboard-picker-highlighted');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent ?? '').includes('SV-EXAM-01') : false;
    });
    await page.keyboard.press('Enter');
    await field(page, 'lines.1.quantity');
    await replaceWith(page, '1');
    await field(page, 'lines.1.unit_price');
    await replaceWith(page, '500');

    await page.keyboard.press('Control+Enter');
    await expectToast(page, 'Invoice created successfully.');
    await page.waitForURL((url) => url.pathname === '/invoices');
    // The toast links to the invoice just saved: its view, its print and its payment.
    const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Invoice created' });
    const viewHref = await toast.getByRole('link', { name: 'View' }).getAttribute('href');
    expect(viewHref).toMatch(/^\/invoices\/\d+$/);
    expect(await toast.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(`${viewHref}?print=1`);
    expect(await toast.getByRole('link', { name: 'Record Payment' }).getAttribute('href')).toMatch(
      /^\/invoice-payments\/create\/\d+\?redirect_to=invoices\.view/,
    );
    await page.getByText(/^List of Invoices - Total \d+$/).waitFor();
    await tabTo(page, 'tbody a', 'View');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/invoices\/\d+$/);
    const invoicePath = new URL(page.url()).pathname;
    expect(await detail(page, 'Amount due').innerText()).toBe('₱9,490');

    await tabTo(page, 'a', 'Record Payment');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/invoice-payments/create/'));
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value === '9490',
    );
    await page.keyboard.press('Control+Enter');
    await expectToast(page, 'Invoice Payment created successfully.');
    await page.waitForURL((url) => url.pathname === invoicePath);
    await page.waitForFunction(() => document.body.innerText.includes('Paid'));
    expect((await detail(page, 'Status').innerText()).trim().toLowerCase()).toBe('paid');
    expect(await detail(page, 'Balance').innerText()).toBe('₱0');
  });
});
