import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/business-date.ts';
import {
  type BrowserApp,
  detail,
  expectToast,
  pick,
  screenshot,
  signIn,
  startBrowserApp,
  typePrice,
} from '../browser-app.ts';

const lens = { code: 'HY-HLX-150', name: 'Hoya Hilux Single Vision 1.50 Hard Coat' };
const caseItem = { code: 'SP-HCS-01', name: 'Spectacle Hard Clamshell Case' };
const holder = { name: 'Lourdes M. Villanueva', id: 'OSCA-MKT-2019-04418' };

// The pages of a printed PDF as PNG files (poppler's pdftoppm), so that the print can be looked at.
function pagesOf(pdf: Buffer, dir: string, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync('pdftoppm', ['-png', '-r', '60', file, join(dir, name)], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return readdirSync(dir).filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png'));
}

async function printed(page: Page, size: { format?: string; width?: string; height?: string }) {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ ...size, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

// docs/domain/sales.md (Senior citizen and PWD discounts) end to end: the cashier sells a lens and a case to a senior
// citizen, sees the breakdown as the lines are typed, saves, and prints a sales invoice that fits one page of A4 and of
// half-letter.
describe('selling to a senior citizen', () => {
  let app: BrowserApp;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    dir = process.env.PRINT_DIR ?? mkdtempSync(join(tmpdir(), 'spectacle-print-'));
    await signIn(page, 'cashier@spectacle.test');
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    if (!process.env.PRINT_DIR) rmSync(dir, { recursive: true, force: true });
  });

  it('discounts the lens 20% without VAT, keeps VAT on the case, and prints the invoice', {
    timeout: 180_000,
  }, async () => {
    await page.goto('/invoices/create');
    await pick(page, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(page, 'branch_id', 'Makati', 'Makati Branch');
    await pick(page, 'lines.0.item_id', lens.code, lens.name);
    await typePrice(page, 'lines.0.unit_price', '1120');
    await page.getByRole('button', { name: 'Add line' }).click();
    await pick(page, 'lines.1.item_id', caseItem.code, caseItem.name);
    await typePrice(page, 'lines.1.unit_price', '224');
    const breakdown = page.getByLabel('VAT breakdown');
    await expect.poll(() => breakdown.innerText()).toContain('₱1,344');

    await page.getByLabel('Program').selectOption({ label: 'Senior Citizen (20%)' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Give the program, the holder').or(page.getByText('Enter a holder name.')).first().waitFor();
    await page.getByLabel('Holder Name').fill(holder.name);
    await page.getByLabel('ID Number (OSCA / PWD)').fill(holder.id);
    await expect.poll(() => breakdown.innerText()).toMatch(/Amount due\s*₱1,024/);
    expect(await breakdown.innerText()).toMatch(/Less: VAT \(SC\/PWD\)\s*₱120/);
    if (process.env.E2E_SCREENSHOTS === '1') {
      await page.getByRole('group', { name: 'Senior Citizen / PWD' }).screenshot({
        path: join(import.meta.dirname, '../../../docs/screenshots/invoice-senior-section.png'),
      });
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');

    // The saved invoice opens its view, where Print and Record Payment are.
    await page.waitForURL((url) => /^\/invoices\/\d+$/.test(url.pathname));
    await detail(page, 'VATable Sales').waitFor();
    expect(await detail(page, 'VATable Sales').innerText()).toBe('₱200');
    expect(await detail(page, 'VAT').innerText()).toBe('₱24');
    expect(await detail(page, 'VAT-Exempt Sales').innerText()).toBe('₱800');
    expect(await detail(page, 'SC/PWD Holder').innerText()).toBe(`${holder.name}, Senior Citizen ID ${holder.id}`);

    const a4 = await printed(page, { format: 'A4' });
    expect(pagesOf(a4, dir, 'a4')).toHaveLength(1);
    const halfLetter = await printed(page, { width: '5.5in', height: '8.5in' });
    expect(pagesOf(halfLetter, dir, 'half-letter')).toHaveLength(1);
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('[data-sales-invoice]');
    const text = await sheet.innerText();
    for (const expected of [
      'SALES INVOICE',
      'Owned and operated by Spectacle Optical Co.',
      'VAT Reg. TIN 123-456-789-000',
      'Walk-in Customer',
      holder.name,
      holder.id,
      'ATP No.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Amount due\s*₱1,024/);
    await screenshot(page, 'sales-invoice-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('keeps an invoice of fifteen lines on one page of half-letter', { timeout: 120_000 }, async () => {
    const id = await page.evaluate(
      async ({ code, today }) => {
        const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
        const headers = {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-xsrf-token': xsrf,
          'business-id': localStorage.getItem('selected_business_id') ?? '',
        };
        const items = await (await fetch(`/api/items?search=${code}`, { headers })).json();
        const branches = await (await fetch('/api/branches?search=Makati', { headers })).json();
        const contacts = await (await fetch('/api/contacts?search=Walk-in', { headers })).json();
        const created = await fetch('/api/invoices', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            contact_id: contacts.data[0].id,
            branch_id: branches.data[0].id,
            invoice_date: today,
            lines: Array.from({ length: 15 }, () => ({ item_id: items.data[0].id, quantity: 1, unit_price: 500 })),
          }),
        });
        return (await created.json()).id as number;
      },
      { code: 'SV-EXAM-01', today: businessDate(new Date()) },
    );
    await page.goto(`/invoices/${id}`);
    await detail(page, 'VATable Sales').waitFor();
    const pdf = await printed(page, { width: '5.5in', height: '8.5in' });
    expect(pagesOf(pdf, dir, 'fifteen')).toHaveLength(1);
  });

  it('shows the day in the Daily Sales report, with the senior citizen discount', { timeout: 60_000 }, async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily Sales' }).click();
    await page.waitForURL((url) => url.pathname === '/reports/daily-sales');
    await page.getByLabel('Branch').selectOption({ label: 'Makati Branch' });
    const row = page.getByRole('table', { name: 'Daily sales' }).locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('Makati Branch');
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[headers.indexOf('SC/PWD Discounts')]).not.toBe('₱0');
    expect(cells[headers.indexOf('VAT Exemption (SC/PWD)')]).not.toBe('₱0');
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await screenshot(page, 'daily-sales');
  });
});
