import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/business-date.ts';
import { type BrowserApp, screenshot, signIn, startBrowserApp } from './browser-app.ts';

// Issue 41, item 14: on a phone the drawer's button and the logo ran over the shop's name and the bell, and the Cash
// In/Out table pushed Amount and By off the screen; at 1366 px a bill line's "more than received" note widened its
// column and pushed Amount off the screen.

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator, name: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not on the screen.`);
  return box;
}

// A request the app itself would send, with its CSRF header and business.
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ id: number }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const answer = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-xsrf-token': xsrf,
          'business-id': localStorage.getItem('selected_business_id') ?? '',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as { id: number };
    },
    { method, path, body },
  );
}

describe('the top bar and the cash tables on a phone, a bill line at 1366 px', () => {
  let app: BrowserApp;

  beforeAll(async () => {
    app = await startBrowserApp();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('keeps the shop’s name, the logo, the drawer and the bell apart, and Amount and By in view', {
    timeout: 120_000,
  }, async () => {
    const page = await app.newPage({ width: 390, height: 844 });
    await signIn(page, 'cashier@spectacle.test');
    const branches = (await page.evaluate(async () => {
      const answer = await fetch('/api/branches?search=Makati', {
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'business-id': localStorage.getItem('selected_business_id') ?? '',
        },
      });
      return answer.json();
    })) as { data: { id: number }[] };
    const session = await call(page, 'POST', '/api/cash-sessions', {
      branch_id: branches.data[0]?.id,
      opening_float: 2000,
    });
    await call(page, 'POST', `/api/cash-sessions/${session.id}/movements`, {
      kind: 'cash_out',
      amount: 1250.5,
      reason: 'Courier for the lab’s delivery of the progressive lenses',
    });
    await page.goto(`/cash-sessions/${session.id}`);

    const header = page.locator('header');
    const drawer = header.getByRole('link', { name: 'Drawer open: view your cash session' });
    await drawer.waitFor();
    const name = await boxOf(header.getByRole('heading', { name: 'Spectacle Optical' }), 'The shop’s name');
    const logo = await boxOf(header.locator('[data-logo]'), 'The logo');
    const bell = await boxOf(header.getByRole('button', { name: /Notifications/ }), 'The bell');
    const drawerBox = await boxOf(drawer, 'The drawer');
    expect(overlap(drawerBox, name), 'the drawer over the name').toBe(false);
    expect(overlap(logo, bell), 'the logo over the bell').toBe(false);
    expect(overlap(name, bell), 'the name under the bell').toBe(false);
    expect(overlap(logo, drawerBox), 'the logo under the drawer').toBe(false);
    for (const box of [name, logo, bell, drawerBox]) expect(box.x + box.width).toBeLessThanOrEqual(390);

    const table = page.getByRole('table').filter({ hasText: 'Cash In and Out' });
    const row = table.locator('tbody tr').first();
    await row.waitFor();
    const amount = await boxOf(row.getByText('₱1,250.50'), 'The amount');
    const by = await boxOf(row.getByRole('cell').last(), 'By');
    expect(amount.x + amount.width, 'Amount in view').toBeLessThanOrEqual(390);
    expect(by.x + by.width, 'By in view').toBeLessThanOrEqual(390);
    expect(await row.getByRole('cell').last().innerText()).not.toBe('');
    await screenshot(page, 'phone-cash-session');
    await page.context().close();
  });

  it('keeps a bill line’s amount and remove button in view while it bills more than was received', {
    timeout: 120_000,
  }, async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await signIn(page, 'admin@spectacle.test');
    // A purchase order of four frames, received in full: its bill starts at four, and the clerk bills forty.
    const search = async (path: string) => (await call(page, 'GET', path)) as unknown as { data: { id: number }[] };
    const [supplier] = (await search('/api/contacts?search=Luxottica')).data;
    const [warehouse] = (await search('/api/warehouses?search=Central')).data;
    const [frame] = (await search('/api/items?search=RB-2140-901')).data;
    const order = await call(page, 'POST', '/api/purchase-orders', {
      contact_id: supplier?.id,
      warehouse_id: warehouse?.id,
      order_date: businessDate(new Date()),
      lines: [{ item_id: frame?.id, quantity: 4, unit_cost: 4200 }],
    });
    await page.goto(`/receive-orders/create/${order.id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/receive-orders\/\d+$/);
    await page.goto(`/bills/create/${order.id}`);
    const quantity = page.getByLabel('Quantity 1', { exact: true });
    await quantity.waitFor();
    await quantity.fill('40');
    const note = page.getByText(/^More than received:/).first();
    await note.waitFor();
    // The lines' scroll area: the table's frame.
    const area = await quantity.evaluate((input) => {
      const frame = input.closest('table')?.parentElement;
      return frame
        ? { scroll: frame.scrollWidth - frame.clientWidth, right: frame.getBoundingClientRect().right }
        : null;
    });
    expect(area?.scroll, 'the lines scroll sideways').toBe(0);
    const areaBox = { x: 0, width: area?.right ?? 0 };
    const amount = await boxOf(page.getByLabel('Amount 1', { exact: true }), 'Amount 1');
    const remove = await boxOf(page.getByRole('button', { name: 'Remove line 1' }), 'Remove line 1');
    expect(amount.x + amount.width).toBeLessThanOrEqual(areaBox.x + areaBox.width);
    expect(remove.x + remove.width).toBeLessThanOrEqual(areaBox.x + areaBox.width);
    expect(await page.getByLabel('Amount 1', { exact: true }).innerText()).toBe('₱168,000');
    // The note wraps under the field, no wider than the field's column.
    const noteBox = await boxOf(note, 'The note');
    const field = await boxOf(quantity, 'Quantity 1');
    expect(noteBox.width).toBeLessThanOrEqual(field.width + 1);
    await page.context().close();
  });
  // Issue 47: a phone's return visit reads the first screen's and the counter's files from the service worker's
  // cache: the page asks the worker for each, and the worker asks the network for none.
  it('answers a return visit on a phone from the files the service worker kept', { timeout: 120_000 }, async () => {
    const page = await app.newPage({ width: 390, height: 844 }, { serviceWorker: true });
    await signIn(page, 'admin@spectacle.test');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const itemPicker = page.getByRole('combobox', { name: 'Item 1' });
    await page.goto('/invoices/create');
    await itemPicker.waitFor();
    const pageFiles: { path: string; fromWorker: boolean }[] = [];
    const workerFetches: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/assets/')) pageFiles.push({ path, fromWorker: response.fromServiceWorker() });
    });
    page.context().on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.serviceWorker() && path.startsWith('/assets/')) workerFetches.push(path);
    });
    await page.reload();
    await itemPicker.waitFor();
    expect(pageFiles.length).toBeGreaterThan(0);
    expect(pageFiles.filter((file) => !file.fromWorker)).toEqual([]);
    expect(workerFetches).toEqual([]);
    await page.context().close();
  });
});
