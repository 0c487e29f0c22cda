import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserApp,
  detail,
  expectToast,
  pick,
  screenshot,
  sidebar,
  signIn,
  startBrowserApp,
} from '../browser-app.ts';

// docs/domain/logistics.md, Stock counts, on a phone: start a count of the frames at a branch, scan codes into the
// one field (a scanner types the code and presses Enter), sell while counting, and post; the ledger ends at what was
// counted plus what moved since.

const branch = 'Quezon City Branch';

type Variance = { uncounted: { item_id: number; item_code: string; item_name: string; expected: number }[] };

// The API as the signed-in page calls it: the session cookie, the selected business and the XSRF token.
function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([verb, url, payload]) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const response = await fetch(url, {
        method: verb,
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': xsrf,
          'Content-Type': 'application/json',
          'business-id': localStorage.getItem('selected_business_id') ?? '',
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      if (!response.ok) throw new Error(`${verb} ${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    [method, path, body] as const,
  ) as Promise<T>;
}

async function onHand(page: Page, itemId: number, branchId: number): Promise<number> {
  const page1 = await api<{ data: { quantity_on_hand: number }[] }>(
    page,
    'GET',
    `/api/stocks?item_id=${itemId}&branch_id=${branchId}`,
  );
  return page1.data[0]?.quantity_on_hand ?? 0;
}

describe('a stock count on a phone', () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage({ width: 390, height: 844 });
    await signIn(page, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('scans codes into a count while the branch sells, and posts it', { timeout: 180_000 }, async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar(page).getByRole('link', { name: 'Stock Counts', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/stock-counts');
    await page.getByRole('link', { name: 'Create New' }).click();
    await page.waitForURL('**/stock-counts/create');
    await page.getByLabel('Location: branch or warehouse').selectOption('branch');
    await pick(page, 'branch_id', 'Quezon', branch);
    // The number preview appears above the scope once the location is chosen: wait for it, so that nothing moves
    // under the click.
    await page.getByText(/^Number: CNT-/).waitFor();
    await page.getByText('Frame', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Stock Count created successfully.');
    await page.waitForURL((url) => url.pathname === '/stock-counts');
    const counts = await api<{ data: { id: number; branch_id: number; scope: { item_type_ids: number[] } }[] }>(
      page,
      'GET',
      '/api/stock-counts?status=counting',
    );
    const count = counts.data[0];
    const frameType = await api<{ id: number; name: string }[]>(page, 'GET', '/api/item-types/search?q=Frame');
    expect(count?.scope.item_type_ids).toEqual(
      frameType.filter((type) => type.name === 'Frame').map((type) => type.id),
    );
    const countId = count?.id ?? 0;
    const branchId = count?.branch_id ?? 0;
    await page.goto(`/stock-counts/${countId}`);
    const field = page.getByRole('textbox', { name: 'Scan or type a code' });
    await field.waitFor();

    const variance = await api<Variance>(page, 'GET', `/api/stock-counts/${countId}/variance`);
    const [short, found] = variance.uncounted.filter((line) => line.expected >= 1 && line.expected <= 5);
    if (!short || !found)
      throw new Error(`Two frames to count at the branch, found ${JSON.stringify(variance.uncounted)}`);

    // One frame is a unit short: its count is typed as a quantity, then the code scanned.
    await page.getByLabel('Quantity').fill(String(short.expected - 1));
    await field.fill(short.item_code);
    await field.press('Enter');
    await page.getByText(`Counted ${short.item_name}: ${short.expected - 1} so far.`).waitFor();
    // The other is scanned unit by unit, as a scanner does: the field empties and keeps the focus after each.
    await page.getByLabel('Quantity').fill('1');
    for (let unit = 1; unit <= found.expected; unit += 1) {
      await field.click();
      await page.keyboard.type(found.item_code);
      await page.keyboard.press('Enter');
      await page.getByText(`Counted ${found.item_name}: ${unit} so far.`).waitFor();
      expect(await field.inputValue()).toBe('');
    }
    await screenshot(page, 'phone-stock-count');

    // The branch sells one of the frames after its shelf was counted.
    const walkIn = await api<{ id: number }[]>(page, 'GET', '/api/contacts/search?q=Walk-in');
    await api(page, 'POST', '/api/invoices', {
      contact_id: walkIn[0]?.id,
      branch_id: branchId,
      invoice_date: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
      lines: [{ item_id: found.item_id, quantity: 1, unit_price: 5000 }],
    });
    const foundBefore = await onHand(page, found.item_id, branchId);

    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Stock Count posted successfully.');
    await page.waitForFunction(() => !document.querySelector('#count-code'));
    expect((await detail(page, 'Status').innerText()).trim().toLowerCase()).toBe('posted');
    expect((await detail(page, 'Adjustment').innerText()).trim()).toMatch(/^ADJ-/);
    // One short: the ledger holds what was counted. The other as counted, less the one sold since.
    expect(foundBefore).toBe(found.expected - 1);
    expect(await onHand(page, short.item_id, branchId)).toBe(short.expected - 1);
    expect(await onHand(page, found.item_id, branchId)).toBe(found.expected - 1);
  });
});
