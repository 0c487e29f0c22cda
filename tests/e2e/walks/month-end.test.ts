import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/business-date.ts';
import { type BrowserApp, expectToast, nextFrame, pick, signIn, startBrowserApp } from '../browser-app.ts';

// A shop's month-end as its users walk it (docs/domain/cash.md, Z-reading; docs/domain/management.md, Closing the
// books; docs/domain/logistics.md, Stock counts): the branch's open days closed in order, a clerk's backdated
// adjustment, the books closed through the month's end, and a blind count of the warehouse's frames.
// The demo leaves yesterday and today without a Z-reading at every branch (server/demo/cash.ts).

const laptop = { width: 1366, height: 768 };
const frame = { code: 'PR-16MV-1AB', name: 'Prada Heritage PR 16MV Optical' };
const branch = 'Makati Branch';

const today = businessDate(new Date());
const daysBefore = (days: number) => {
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
};
const yesterday = daysBefore(1);
const monthEnd = (() => {
  const at = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  at.setUTCDate(0);
  return at.toISOString().slice(0, 10);
})();

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

async function sell(page: Page, day: string): Promise<void> {
  await page.goto('/invoices/create');
  await pick(page, 'branch_id', 'Makati', branch);
  await page.locator('#invoice_date').fill(day);
  await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
  await pick(page, 'lines.0.item_id', frame.code, frame.name);
  await page.waitForFunction(
    () => Number(document.querySelector<HTMLInputElement>('input[name="lines.0.unit_price"]')?.value) > 0,
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Invoice created successfully.');
}

// The Z form at Makati, once it has asked which earlier days are still open there.
async function openZForm(page: Page): Promise<void> {
  await page.goto('/z-readings/create');
  const openDays = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/z-readings/open-days' && response.ok(),
  );
  await pick(page, 'branch_id', 'Makati', branch);
  await openDays;
  await nextFrame(page);
}

// A stock adjustment of a frame found at the Central Warehouse (the clerk's own location), dated `day`, up to the save.
async function adjustFound(page: Page, day: string, chooseWarehouse = false): Promise<void> {
  await page.goto('/stock-adjustments/create');
  if (chooseWarehouse) {
    await page.getByLabel('Location: branch or warehouse').selectOption('warehouse');
    await pick(page, 'warehouse_id', 'Central', 'Central Warehouse');
  }
  await page.locator('#adjustment_date').fill(day);
  await page.getByLabel('Reason').selectOption('found');
  await pick(page, 'lines.0.item_id', frame.code, frame.name);
  await page.locator('input[name="lines.0.quantity_delta"]').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
}

// The printed PDF's number of pages and each page's text, as poppler reads them.
function pdfPages(pdf: Buffer, dir: string): { pages: number; width: number; texts: string[] } {
  const file = join(dir, 'print.pdf');
  writeFileSync(file, pdf);
  const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  if (info.status !== 0) throw new Error(`pdfinfo failed: ${info.stderr}`);
  const pages = Number(info.stdout.match(/^Pages:\s+(\d+)/m)?.[1]);
  const width = Number(info.stdout.match(/^Page size:\s+([\d.]+) x/m)?.[1]);
  const texts = Array.from({ length: pages }, (_, index) => {
    const page = String(index + 1);
    return spawnSync('pdftotext', ['-f', page, '-l', page, file, '-'], { encoding: 'utf8' }).stdout.trim();
  });
  return { pages, width, texts };
}

describe("a shop's month-end in the browser", () => {
  let app: BrowserApp;
  let admin: Page;
  let clerk: Page;
  let dir: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    admin = await app.newPage(laptop);
    await signIn(admin, 'admin@spectacle.test');
    clerk = await app.newPage(laptop);
    await signIn(clerk, 'clerk@spectacle.test');
    dir = mkdtempSync(join(tmpdir(), 'spectacle-month-end-'));
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('closes the days in order: the Z form starts on the earlier open day and a later one waits for it', {
    timeout: 300_000,
  }, async () => {
    // The administrator, who may backdate, rings up a sale yesterday and one today.
    await sell(admin, yesterday);
    await sell(admin, today);

    await openZForm(admin);
    await admin.getByText('An earlier day is still open').waitFor();
    await admin.getByText(/^Close them first, oldest first: /).waitFor();
    const date = admin.locator('#business_date');
    await admin.waitForFunction(
      (day) => document.querySelector<HTMLInputElement>('#business_date')?.value === day,
      yesterday,
    );
    // Today first: refused, naming the day to close before it.
    await date.fill(today);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin
      .getByText(`${branch} has sales on ${yesterday} with no Z-reading yet: close ${yesterday} before ${today}.`)
      .first()
      .waitFor();
    expect(new URL(admin.url()).pathname).toBe('/z-readings/create');
    // As the form offered: yesterday first, then today.
    await date.fill(yesterday);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Z-Reading created successfully.');
    await admin.waitForURL((url) => url.pathname === '/z-readings');

    await openZForm(admin);
    await admin
      .getByText(/^Number: Z/)
      .or(admin.locator('#business_date'))
      .first()
      .waitFor();
    await admin.locator('#business_date').fill(today);
    expect(await admin.getByText('An earlier day is still open').count()).toBe(0);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Z-Reading created successfully.');
    await admin.waitForURL((url) => url.pathname === '/z-readings');

    // Today's reading prints on one 80 mm receipt (226.8 pt wide), under the seller's registration, no page blank.
    await admin.locator('tbody').getByRole('link', { name: 'View', exact: true }).first().click();
    await admin.waitForURL(/\/z-readings\/\d+$/);
    await admin.getByText('Z-READING', { exact: true }).waitFor();
    await admin.evaluate(() => {
      window.print = () => undefined;
    });
    await admin.getByRole('button', { name: 'Print Z-Reading (80 mm)' }).click();
    await admin.emulateMedia({ media: 'print' });
    const printed = pdfPages(await admin.pdf({ preferCSSPageSize: true, printBackground: true }), dir);
    await admin.emulateMedia({ media: 'screen' });
    expect(printed.pages).toBe(1);
    expect(printed.width).toBeCloseTo(226.8, 0);
    expect(printed.texts.every((text) => text.length > 0)).toBe(true);
    expect(printed.texts[0]).toMatch(/^Spectacle Eyewear\nOwned and operated by Spectacle\s+Optical Co\.\n/);
    expect(printed.texts[0]).toContain('Z-READING');
    expect(printed.texts[0]).toContain(branch);
    expect(printed.texts[0]).toContain('Net sales');
  });

  it("refuses a clerk's adjustment dated more than 7 days back, and saves one within the week", {
    timeout: 240_000,
  }, async () => {
    const tooEarly = daysBefore(8);
    await adjustFound(clerk, tooEarly);
    await clerk
      .getByText(
        `Only a user with the permission post-backdated-documents may date a stock adjustment more than 7 days before today; date it ${daysBefore(7)} or later.`,
      )
      .first()
      .waitFor();
    expect(new URL(clerk.url()).pathname).toBe('/stock-adjustments/create');
    // The refusal's toast lies over the Save button at this size: the clerk closes it first.
    await clerk.getByRole('status').filter({ hasText: 'post-backdated-documents' }).getByRole('button').click();
    await clerk.getByRole('status').filter({ hasText: 'post-backdated-documents' }).waitFor({ state: 'detached' });

    await clerk.locator('#adjustment_date').fill(daysBefore(3));
    await clerk.getByRole('button', { name: 'Save' }).click();
    await expectToast(clerk, 'Stock Adjustment created successfully.');
  });

  it('closes the books through the month end on the business, after which a document dated then is refused', {
    timeout: 240_000,
  }, async () => {
    const businessId = await admin.evaluate(() => localStorage.getItem('selected_business_id'));
    await admin.goto(`/businesses/${businessId}`);
    await admin.getByRole('heading', { name: 'Closed Books' }).waitFor();
    await admin.getByLabel('Close Books Through').fill(monthEnd);
    await admin.getByRole('button', { name: 'Close Books' }).click();
    await admin
      .getByText(/^The books are now closed through /)
      .first()
      .waitFor();
    await admin.getByText(/^The books are closed through .*: nothing dated on or before it is created/).waitFor();

    // Even the administrator, who may backdate, writes nothing on a closed day.
    await adjustFound(admin, monthEnd, true);
    await admin.getByText(`The books are closed through ${monthEnd}.`).first().waitFor();
    expect(new URL(admin.url()).pathname).toBe('/stock-adjustments/create');
  });

  it('counts the warehouse blind: on-hand hidden, scans back to one unit, differences narrowed, Post at the top', {
    timeout: 300_000,
  }, async () => {
    await clerk.goto('/stock-counts/create');
    await clerk.getByText(/^Number: CNT-/).waitFor();
    expect(await clerk.getByLabel('Blind').isChecked()).toBe(true);
    await clerk.getByText('Frame', { exact: true }).click();
    await clerk.getByRole('button', { name: 'Save' }).click();
    await expectToast(clerk, 'Stock Count created successfully.');
    await clerk.waitForURL((url) => url.pathname === '/stock-counts');
    const counts = await api<{ data: { id: number; warehouse_id: number | null }[] }>(
      clerk,
      'GET',
      '/api/stock-counts?status=counting',
    );
    const countId = counts.data[0]?.id ?? 0;

    // While it is open, the clerk sees no figure at the warehouse.
    await clerk.goto('/stocks');
    await clerk.getByText('Hidden during a blind count').first().waitFor();

    // What the count expects, read by the administrator (who may post counts).
    type Uncounted = { item_code: string; item_name: string; expected: number };
    const variance = await api<{ uncounted: Uncounted[] }>(admin, 'GET', `/api/stock-counts/${countId}/variance`);
    const shelf = variance.uncounted.filter((line) => line.expected >= 1).slice(0, 6);
    if (shelf.length < 4) throw new Error(`Frames to count at the warehouse: ${JSON.stringify(variance.uncounted)}`);

    await clerk.goto(`/stock-counts/${countId}`);
    const field = clerk.getByRole('textbox', { name: 'Scan or type a code' });
    const quantity = clerk.getByLabel('Quantity');
    await field.waitFor();
    // The first two are found one more than expected, the rest as expected: each scan of the whole shelf typed as
    // its quantity, after which the quantity is back to one for the next scan.
    for (const [index, line] of shelf.entries()) {
      const counted = index < 2 ? line.expected + 1 : line.expected;
      await quantity.fill(String(counted));
      await field.fill(line.item_code);
      await field.press('Enter');
      await clerk.getByText(`Counted ${line.item_name}: ${counted} so far.`).waitFor();
      expect(await quantity.inputValue()).toBe('1');
      expect(await field.inputValue()).toBe('');
    }

    await admin.goto(`/stock-counts/${countId}`);
    await admin.getByText(`Counted (${shelf.length})`, { exact: true }).waitFor();
    await admin.getByText('Differences only').click();
    await admin.getByText(`Counted (${shelf.length}), 2 with a difference`).waitFor();
    for (const [index, line] of shelf.entries()) {
      const row = admin.locator('tbody tr', { hasText: line.item_code });
      expect(await row.count()).toBe(index < 2 ? 1 : 0);
    }
    // Post is at the top of the count, on the first screen without scrolling.
    await admin.evaluate(() => window.scrollTo(0, 0));
    const post = admin.getByRole('button', { name: 'Post', exact: true });
    const box = await post.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? laptop.height) + (box?.height ?? 0)).toBeLessThanOrEqual(laptop.height);
    await post.click();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(admin, 'Stock Count posted successfully.');

    // Posted, the warehouse's figures show again.
    await clerk.goto('/stocks');
    await clerk.locator('tbody tr').first().waitFor();
    expect(await clerk.getByText('Hidden during a blind count').count()).toBe(0);
  });
});
