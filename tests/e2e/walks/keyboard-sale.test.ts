import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, screenshot, signIn, startBrowserApp } from '../browser-app.ts';

const maxTabs = 200;

// The keys a test presses through it, counted: what it costs a cashier to get somewhere.
type CountedKeys = { press: (key: string) => Promise<void>; count: () => number; pressed: string[] };

function countedKeys(page: Page): CountedKeys {
  const pressed: string[] = [];
  return {
    press: async (key) => {
      pressed.push(key);
      await page.keyboard.press(key);
    },
    count: () => pressed.length,
    pressed,
  };
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

// Presses Tab until the focused element matches `selector` (and reads `text`, when given): the keyboard's only way
// around a page.
async function tabTo(page: Page, selector: string, text?: string, keys?: CountedKeys): Promise<void> {
  for (let press = 0; press < maxTabs; press += 1) {
    await (keys ? keys.press('Tab') : page.keyboard.press('Tab'));
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

// Types into the focused picker and waits until the option it will pick on Enter is the one wanted.
async function typeAndPick(page: Page, text: string, option: string, keys?: CountedKeys): Promise<void> {
  await page.keyboard.type(text);
  await page.waitForFunction((wanted) => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '').includes(wanted) : false;
  }, option);
  await (keys ? keys.press('Enter') : page.keyboard.press('Enter'));
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

  it('rings up a frame and an eye exam at Makati in at most 25 keys, lands on the invoice, and takes the payment', {
    timeout: 180_000,
  }, async () => {
    const page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
    await page.goto('/invoices/create');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="branch_id"]')?.value === 'Makati Branch',
    );
    // The form starts in Customer: no Tab through the top bar and the sidebar.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'contact_id');

    // Tab after a pick goes to the next field, not to the picker's clear button; Escape clears the choice.
    await typeAndPick(page, 'Maria', 'Maria');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('branch_id');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.locator('input[name="contact_id"]').inputValue()).toBe('');
    await page.keyboard.press('Shift+Tab');

    // From here every key but the characters of what is typed (names, codes, amounts) is counted.
    const keys = countedKeys(page);
    await typeAndPick(page, 'Walk', 'Walk-in Customer', keys);
    const stops: string[] = [];
    while ((await focusedName(page)) !== 'lines.0.item_id') {
      await keys.press('Tab');
      stops.push((await focusedName(page)) ?? '?');
      expect(stops.length, `Tab stops from Customer: ${stops.join(', ')}`).toBeLessThan(12);
    }
    // A date is one Tab stop, not one per month, day and year.
    expect(stops.filter((name) => name === 'invoice_date')).toHaveLength(1);
    expect(stops.filter((name) => name === 'due_date')).toHaveLength(1);
    await typeAndPick(page, 'RB-2140-901', 'RB-2140-901', keys);
    await screenshot(page, 'keyboard-line-picked');
    await tabTo(page, '[name="lines.0.unit_price"]', undefined, keys);
    await keys.press('ControlOrMeta+A');
    await page.keyboard.type('8990');
    // Enter in the last line opens the next one, with the focus in its item picker.
    await keys.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'lines.1.item_id');
    await page.keyboard.type('SV-EXAM');
    await page.locator('[role="option"][aria-selected="true"]').waitFor();
    await screenshot(page, 'keyboard-picker-highlighted');
    await keys.press('ArrowDown');
    await keys.press('ArrowUp');
    await page.waitForFunction(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent ?? '').includes('SV-EXAM-01') : false;
    });
    await keys.press('Enter');
    await tabTo(page, '[name="lines.1.quantity"]', undefined, keys);
    // The arrow keys never step a number: the quantity stays 1.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('input[name="lines.1.quantity"]').inputValue()).toBe('1');
    await tabTo(page, '[name="lines.1.unit_price"]', undefined, keys);
    await keys.press('ControlOrMeta+A');
    await page.keyboard.type('500');
    // An Enter too many leaves an empty line at the end: it is left out, not refused.
    await keys.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'lines.2.item_id');

    await keys.press('Control+Enter');
    await expectToast(page, 'Invoice created successfully.');
    // The cashier lands on the saved invoice, where Print is.
    await page.waitForURL((url) => /^\/invoices\/\d+$/.test(url.pathname));
    expect(keys.count(), `keys pressed: ${keys.pressed.join(' ')}`).toBeLessThanOrEqual(25);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    // The toast links to the invoice just saved: its view, its print and its payment.
    const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Invoice created' });
    const viewHref = await toast.getByRole('link', { name: 'View' }).getAttribute('href');
    expect(viewHref).toBe(new URL(page.url()).pathname);
    expect(await toast.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(`${viewHref}?print=1`);
    expect(await toast.getByRole('link', { name: 'Record Payment' }).getAttribute('href')).toMatch(
      /^\/invoice-payments\/create\/\d+\?redirect_to=invoices\.view/,
    );
    expect(await detail(page, 'Amount due').innerText()).toBe('₱9,490');

    // The first Tab of a page offers to skip the top bar and the sidebar.
    await page.reload();
    await detail(page, 'Amount due').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
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
