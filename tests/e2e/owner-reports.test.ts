import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerReports } from '../../src/areas/reports/owner-reports.ts';
import { type BrowserApp, listedPage, pick, screenshot, sidebar, signIn, startBrowserApp } from './browser-app.ts';

// The text of a page printed on A4 (landscape, as the report's print sheet asks), as pdftotext reads it.
async function printedText(page: Page, dir: string, name: string): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

// docs/domain/reports.md end to end: the owner opens every report from the sidebar on the demo shop, sees figures,
// changes a filter, downloads the CSV and prints; on the reorder report ticks rows and orders them.
describe('the owner’s reports on the demo shop', () => {
  let app: BrowserApp;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    dir = mkdtempSync(join(tmpdir(), 'spectacle-reports-'));
    await signIn(page, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens each report from the sidebar with figures, keeps a filter in the URL and exports it', {
    timeout: 180_000,
  }, async () => {
    for (const report of ownerReports) {
      await sidebar(page).getByRole('link', { name: report.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/reports/${report.key}`);
      const table = page.getByRole('table', { name: report.label });
      await expect
        .poll(() => table.locator('tbody').innerText(), { timeout: 15_000, message: report.key })
        .toMatch(/\d/);
      expect(await table.locator('tbody').innerText(), report.key).not.toContain('Nothing to show');
      const headers = (await table.getByRole('columnheader').allInnerTexts())
        .map((text) => text.trim())
        .filter(Boolean);
      expect(headers).toEqual(report.columns.map((column) => column.label));
      const filter = report.filters.find((candidate) => candidate.kind === 'choice' || candidate.kind === 'number');
      if (filter?.kind === 'choice') {
        const choice = filter.choices?.at(-1);
        await page.getByLabel(filter.label).selectOption(choice?.value ?? '');
        await page.waitForURL((url) => url.searchParams.get(filter.name) === choice?.value);
      } else if (filter) {
        await page.getByLabel(filter.label).fill('400');
        await page.waitForURL((url) => url.searchParams.get(filter.name) === '400');
      }
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await (await download).path();
      const lines = readFileSync(file, 'utf8').trim().split('\r\n');
      expect(lines.length, `${report.key} CSV`).toBeGreaterThan(1);
      expect(lines.at(-1)?.startsWith('Total')).toBe(true);
    }
  });

  // docs/domain/reports.md, Print: every report prints all its figures on A4. Each report is printed to PDF, and every
  // column heading and the last figure of its last row (the totals row where there is one) are found on paper.
  for (const report of ownerReports) {
    it(`prints the ${report.label} report on A4 with every heading and its last figure`, {
      timeout: 60_000,
    }, async () => {
      await page.goto(`/reports/${report.key}`);
      const table = page.getByRole('table', { name: report.label });
      await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await table.locator('tbody').innerText()).not.toContain('Nothing to show');
      const headings = (await table.getByRole('columnheader').allInnerTexts())
        .map((text) => text.trim())
        .filter(Boolean);
      const lastRow = (await table.locator('tbody tr').last().getByRole('cell').allInnerTexts())
        .map((text) => text.trim())
        .filter(Boolean);
      if (report.key === 'sales') await screenshot(page, 'sales-report');
      const text = (await printedText(page, dir, report.key)).replace(/\s+/g, ' ').replaceAll('- ', '-');
      for (const heading of headings) expect(text, `${report.key}: ${heading}`).toContain(heading.replace(/\s+/g, ' '));
      expect(text, `${report.key}: the last figure`).toContain(lastRow.at(-1) ?? 'no figure');
    });
  }

  // A document's print (docs/domain/screens.md, View screen): the lines' headings, the last line's amount and the
  // document's total are on the A4 page.
  for (const document of [
    { key: 'invoices', name: 'an invoice', sheet: '[data-sales-invoice]', total: 'Amount due' },
    { key: 'purchase-orders', name: 'a purchase order', sheet: '[data-print-sheet]', total: 'Total' },
  ]) {
    it(`prints ${document.name} on A4 with its headings, lines and total`, { timeout: 60_000 }, async () => {
      const listed = listedPage(page, document.key);
      await page.goto(`/${document.key}`);
      const first = (await listed).data[0];
      if (!first) throw new Error(`The demo has no ${document.key}.`);
      await page.goto(`/${document.key}/${first.id}`);
      await page.getByRole('button', { name: 'Print' }).first().waitFor();
      await page.emulateMedia({ media: 'print' });
      const sheet = page.locator(document.sheet).first();
      await sheet.waitFor();
      const headings = (await sheet.locator('th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
      const lastLine = (await sheet.locator('tbody tr').last().locator('td').allInnerTexts())
        .map((text) => text.trim())
        .filter(Boolean);
      const sheetText = await sheet.innerText();
      await page.emulateMedia({ media: 'screen' });
      const total = new RegExp(`${document.total}\\s+(₱[\\d,.]+)`).exec(sheetText)?.[1];
      expect(headings.length, document.key).toBeGreaterThan(2);
      expect(total, `${document.key}: ${document.total}`).toBeTruthy();
      const text = (await printedText(page, dir, document.key)).replace(/\s+/g, ' ');
      for (const heading of headings) expect(text, `${document.key}: ${heading}`).toContain(heading);
      expect(text, `${document.key}: the last line's amount`).toContain(lastLine.at(-1) ?? 'no amount');
      expect(text, `${document.key}: ${document.total}`).toContain(`${document.total} ${total}`);
    });
  }

  it("prints a customer's statement of account from the contact's view", { timeout: 60_000 }, async () => {
    await page.goto('/contacts?search=Walk-in');
    await page.getByRole('row').filter({ hasText: 'Walk-in Customer' }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('link', { name: 'Statement of Account' }).click();
    await page.waitForURL((url) => /^\/contacts\/\d+\/statement$/.test(url.pathname));
    const table = page.getByRole('table', { name: 'Statement of Account' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await screenshot(page, 'statement-of-account');
    const headings = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const closing = (await table.locator('[data-totals]').getByRole('cell').allInnerTexts()).map((text) => text.trim());
    const text = (await printedText(page, dir, 'statement')).replace(/\s+/g, ' ');
    expect(text).toContain('Statement of Account');
    expect(text).toContain('Walk-in Customer');
    for (const heading of headings) expect(text, heading).toContain(heading);
    expect(text).toContain(`Amount due ${closing.slice(1).join(' ')}`);
  });

  it('prints the Daily Sales report on A4 with every column heading and the figures under them', {
    timeout: 60_000,
  }, async () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() + 8 * 3_600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/reports/daily-sales?date_from=${monthAgo}&date_to=${today}`);
    const table = page.getByRole('table', { name: 'Daily sales' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const headings = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    const lastRow = (await table.locator('tbody tr').last().getByRole('cell').allInnerTexts()).map((text) =>
      text.trim(),
    );
    // A heading wrapped at its hyphen reads back as one word.
    const text = (await printedText(page, dir, 'daily-sales')).replace(/\s+/g, ' ').replaceAll('- ', '-');
    for (const heading of headings) expect(text, heading).toContain(heading.replace(/\s+/g, ' '));
    // The last column's figure of the last row is on paper too, not cut off at the page's edge.
    expect(text).toContain(lastRow.at(-1) ?? 'no figure');
  });

  it('turns ticked reorder rows into a purchase order', { timeout: 60_000 }, async () => {
    await page.goto('/reports/reorder');
    await page.getByLabel('Location').selectOption({ label: 'Central Warehouse' });
    const table = page.getByRole('table', { name: 'Reorder' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The demo's daily lenses from Johnson & Johnson stand below their reorder level at the warehouse.
    const row = table.locator('tbody tr', { hasText: 'AC-DEF-30' });
    await row.getByRole('checkbox').check({ force: true });
    await pick(page, 'reorder-supplier', 'Johnson', 'Johnson & Johnson Vision Care');
    await page.getByRole('button', { name: /Create Purchase Order/ }).click();
    await page.waitForURL((url) => /^\/purchase-orders\/\d+$/.test(url.pathname));
    // The order's line names the item as the catalogue does.
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 15_000 })
      .toContain('Acuvue Define 1-Day Natural Shine (box of 30)');
  });
});
