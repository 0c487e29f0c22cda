import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/business-date.ts';
import { ownerReports } from '../../src/areas/reports/owner-reports.ts';
import { readField } from '../../src/resources/resource.ts';
import { type BrowserApp, listedPage, pick, signIn, startBrowserApp } from './browser-app.ts';

// docs/domain/screens.md, Prints: every paper copy on its own page size, with no blank page after it and its totals
// once at the end. Each print is made as Chromium makes it for the print dialog (the page size the print asks for,
// `preferCSSPageSize`) and read back with poppler: the pages' sizes, what each page says. PRINT_DIR keeps the PDFs
// (and PNG pages, with PRINT_PNG=1) to look at.

type Printed = { sizes: [number, number][]; pages: string[]; text: string };

const a4 = [595, 842] as const;
const a4Landscape = [842, 595] as const;
const a5Landscape = [595, 420] as const;
// 80 mm in points.
const receiptWidth = 226.8;

function pdfPages(file: string): Printed {
  const info = spawnSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
  expect(info.status, info.stderr).toBe(0);
  const sizes = [...info.stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
    (match) => [Number(match[1]), Number(match[2])] as [number, number],
  );
  const pages = sizes.map((_, index) => {
    const page = String(index + 1);
    const text = spawnSync('pdftotext', ['-raw', '-f', page, '-l', page, file, '-'], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    return text.stdout.replace(/\s+/g, ' ').trim();
  });
  return { sizes, pages, text: pages.join(' ') };
}

async function print(page: Page, dir: string, name: string): Promise<Printed> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  if (process.env.PRINT_PNG === '1') spawnSync('pdftoppm', ['-png', '-r', '50', file, join(dir, name)]);
  return pdfPages(file);
}

function expectSize(printed: Printed, [width, height]: readonly [number, number], name: string) {
  for (const [index, size] of printed.sizes.entries()) {
    expect(Math.round(size[0]), `${name}, page ${index + 1}: width`).toBe(width);
    expect(Math.round(size[1]), `${name}, page ${index + 1}: height`).toBe(height);
  }
}

// No page of the print is blank: every one, the last above all, carries some of the sheet's text.
function expectNoBlankPage(printed: Printed, name: string) {
  expect(printed.pages.length, name).toBeGreaterThan(0);
  for (const [index, text] of printed.pages.entries()) expect(text, `${name}, page ${index + 1}`).not.toBe('');
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

// The totals row's cells as the screen shows them, in one line as pdftotext reads it.
async function totalsRow(page: Page, tableName: string): Promise<string> {
  const cells = await page
    .getByRole('table', { name: tableName })
    .locator('[data-totals]')
    .last()
    .getByRole('cell')
    .allInnerTexts();
  return cells
    .map((text) => text.trim())
    .filter(Boolean)
    .join(' ');
}

describe('every print on its page size, without blank pages, its totals once', () => {
  let app: BrowserApp;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    // The print dialog is Chromium's own window: the test makes the PDF the dialog would make instead.
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
    dir = process.env.PRINT_DIR ?? mkdtempSync(join(tmpdir(), 'spectacle-prints-'));
    mkdirSync(dir, { recursive: true });
    await signIn(page, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    if (!process.env.PRINT_DIR) rmSync(dir, { recursive: true, force: true });
  });

  for (const report of ownerReports) {
    it(`prints the ${report.label} report on A4 landscape, its total once`, { timeout: 60_000 }, async () => {
      await page.goto(`/reports/${report.key}`);
      const table = page.getByRole('table', { name: report.label });
      await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      const totals = await totalsRow(page, report.label);
      const printed = await print(page, dir, report.key);
      expectSize(printed, a4Landscape, report.key);
      expectNoBlankPage(printed, report.key);
      if (totals) expect(occurrences(printed.text, totals), `${report.key}: ${totals}`).toBe(1);
    });
  }

  it('prints Daily Sales on A4 landscape, every amount with centavos, its total once', {
    timeout: 60_000,
  }, async () => {
    const today = businessDate(new Date());
    const monthAgo = businessDate(new Date(Date.now() - 30 * 86_400_000));
    await page.goto(`/reports/daily-sales?date_from=${monthAgo}&date_to=${today}`);
    const table = page.getByRole('table', { name: 'Daily sales' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    const amounts = (await table.locator('tbody').innerText()).match(/₱[\d,.]+/g) ?? [];
    expect(amounts.length).toBeGreaterThan(20);
    for (const amount of amounts) expect(amount).toMatch(/^₱[\d,]+\.\d\d$/);
    const totals = await totalsRow(page, 'Daily sales');
    expect(totals).toMatch(/^Total /);
    // The largest figure of the totals row (the month's gross sales) is on paper once, at the end.
    const largest = (totals.match(/₱[\d,.]+/g) ?? []).sort((a, b) => b.length - a.length)[0] ?? 'no total';
    const printed = await print(page, dir, 'daily-sales');
    expectSize(printed, a4Landscape, 'daily-sales');
    expectNoBlankPage(printed, 'daily-sales');
    expect(occurrences(printed.text, largest), largest).toBe(1);
    expect(printed.pages.at(-1)).toContain(largest);
  });

  it("prints a customer's statement of account on A4, the closing row once", { timeout: 60_000 }, async () => {
    const listed = listedPage(page, 'contacts');
    await page.goto('/contacts?search=Walk-in');
    const walkIn = (await listed).data.find((contact) => readField(contact, 'name') === 'Walk-in Customer');
    await page.goto(`/contacts/${walkIn?.id}/statement?date_from=2000-01-01`);
    const table = page.getByRole('table', { name: 'Statement of Account' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    const closing = await totalsRow(page, 'Statement of Account');
    const printed = await print(page, dir, 'statement');
    expectSize(printed, a4, 'statement');
    expectNoBlankPage(printed, 'statement');
    expect(printed.text).toContain('Statement of Account');
    expect(occurrences(printed.text, closing), closing).toBe(1);
  });

  for (const document of [
    { key: 'credit-memos', name: 'a credit memo', title: 'Credit Memo' },
    { key: 'invoices', name: 'a sales invoice', title: 'SALES INVOICE' },
    { key: 'quotations', name: 'a quotation', title: 'Quotation' },
  ]) {
    it(`prints ${document.name} on one page of A4`, { timeout: 60_000 }, async () => {
      const listed = listedPage(page, document.key);
      await page.goto(`/${document.key}`);
      const first = (await listed).data[0];
      if (!first) throw new Error(`The demo has no ${document.key}.`);
      await page.goto(`/${document.key}/${first.id}`);
      await page.getByRole('button', { name: 'Print' }).first().waitFor();
      const printed = await print(page, dir, document.key);
      expectSize(printed, a4, document.key);
      expect(printed.pages, document.key).toHaveLength(1);
      expect(printed.text.toUpperCase()).toContain(document.title.toUpperCase());
      expect(printed.text).toContain(String(readField(first, 'number')));
    });
  }

  // docs/domain/sales.md, Credit memos and Deposits: the memo and the acknowledgment receipt open with the seller's
  // registration as the invoice prints it, down to the terminal's MIN; the receipt closes with the BIR's notice.
  for (const document of [
    { key: 'credit-memos', title: 'Credit Memo', notice: null },
    {
      key: 'acknowledgment-receipts',
      title: 'Acknowledgment Receipt',
      notice: 'THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX',
    },
  ]) {
    it(`prints the ${document.title.toLowerCase()} under the seller's registration and terminal, on one page of A4`, {
      timeout: 60_000,
    }, async () => {
      const listed = listedPage(page, document.key);
      await page.goto(`/${document.key}`);
      const first = (await listed).data[0];
      if (!first) throw new Error(`The demo has no ${document.key}.`);
      await page.goto(`/${document.key}/${first.id}`);
      await page.getByRole('button', { name: 'Print' }).first().waitFor();
      await page.locator('[data-print-sheet] [data-terminal]').waitFor({ state: 'attached' });
      const printed = await print(page, dir, `${document.key}-registered`);
      expectSize(printed, a4, document.key);
      expectNoBlankPage(printed, document.key);
      expect(printed.pages, document.key).toHaveLength(1);
      expect(printed.text).toMatch(/(NON-)?VAT Reg\. TIN \d{3}-\d{3}-\d{3}-\d{3,5}/);
      expect(printed.text).toMatch(/MIN \d{6,}/);
      expect(printed.text).toContain('AC No.');
      expect(printed.text).toContain(String(readField(first, 'number')));
      if (document.notice) expect(printed.text).toContain(document.notice);
      // The seller is printed once, the registration in place of the trade letterhead, and a paper without lines
      // has no empty table.
      const answer = (await (await page.request.get('/api/businesses/get-all-businesses')).json()) as {
        businesses: { address: string | null }[];
      };
      const address = answer.businesses[0]?.address ?? '';
      expect(address).not.toBe('');
      expect(printed.text.split(address).length - 1, document.key).toBe(1);
    });
  }

  for (const sheet of ['Lab Ticket', 'Claim Slip']) {
    it(`prints a job order's ${sheet} on one page of A5 landscape`, { timeout: 60_000 }, async () => {
      const listed = listedPage(page, 'job-orders');
      await page.goto('/job-orders');
      const first = (await listed).data[0];
      await page.goto(`/job-orders/${first?.id}`);
      await page.getByRole('button', { name: sheet }).click();
      await page.locator('[data-print-sheet]').waitFor({ state: 'attached' });
      const printed = await print(page, dir, sheet.toLowerCase().replace(' ', '-'));
      expectSize(printed, a5Landscape, sheet);
      expectNoBlankPage(printed, sheet);
      expect(printed.pages, sheet).toHaveLength(1);
      expect(printed.text.toUpperCase()).toContain(sheet.toUpperCase());
    });
  }

  // Issue 48, item 7: a frame picked on the order fills A, B, DBL and ED from the frame, and the lab ticket prints
  // them, on its one page.
  it("prints the frame's A, B, DBL and ED that picking it on the order filled", { timeout: 120_000 }, async () => {
    await page.goto('/job-orders/create');
    await pick(page, 'contact_id', 'Maria Clara', 'Maria Clara Santos');
    await pick(page, 'branch_id', 'Makati', 'Makati Branch');
    await page.locator('select[name="lines.0.role"]').selectOption('frame');
    await pick(page, 'lines.0.item_id', 'RB-2140-901', 'Original Wayfarer');
    const measured = { frame_a: '50', frame_b: '42', frame_dbl: '22', frame_ed: '54' };
    for (const [field, value] of Object.entries(measured)) {
      await expect.poll(() => page.locator(`input[name="${field}"]`).inputValue(), { message: field }).toBe(value);
    }
    await page.locator('input[name="lines.0.quantity"]').fill('1');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="lines.0.unit_price"]')?.value,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/job-orders\/\d+$/.test(url.pathname));
    await page.getByRole('button', { name: 'Lab Ticket' }).click();
    await page.locator('[data-print-sheet]').waitFor({ state: 'attached' });
    const printed = await print(page, dir, 'lab-ticket-measured');
    expectSize(printed, a5Landscape, 'lab ticket');
    expect(printed.pages).toHaveLength(1);
    expect(printed.text).toContain('Original Wayfarer');
    expect(printed.text).toContain('A / B 50 mm / 42 mm DBL 22 mm ED 54 mm');
    expect(printed.text).not.toContain('— / —');
  });

  describe('the Z-reading', () => {
    let registration: { name: string; tin: string; address: string; tradeName: string | null; vat: boolean };

    beforeAll(async () => {
      registration = await page.evaluate(async () => {
        const answer = await fetch('/api/businesses/get-all-businesses', {
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        });
        const { businesses } = (await answer.json()) as {
          businesses: {
            id: number;
            registered_name: string | null;
            name: string;
            trade_name: string | null;
            tin: string;
            address: string;
            is_vat_registered: boolean;
          }[];
        };
        const chosen = businesses.find(
          (business) => String(business.id) === localStorage.getItem('selected_business_id'),
        );
        return {
          name: chosen?.registered_name || chosen?.name || '',
          tradeName: chosen?.trade_name ?? null,
          tin: chosen?.tin ?? '',
          address: chosen?.address ?? '',
          vat: chosen?.is_vat_registered ?? true,
        };
      });
      expect(registration.tin).not.toBe('');
      const listed = listedPage(page, 'z-readings');
      await page.goto('/z-readings');
      const first = (await listed).data[0];
      await page.goto(`/z-readings/${first?.id}`);
      await page.getByRole('button', { name: 'Print Z-Reading (80 mm)' }).waitFor();
    }, 60_000);

    const expectRegistration = (printed: Printed) => {
      expect(printed.text).toContain(registration.name);
      if (registration.tradeName) expect(printed.text).toContain(registration.tradeName);
      expect(printed.text).toContain(registration.address.replace(/\s+/g, ' '));
      expect(printed.text).toContain(`${registration.vat ? 'VAT' : 'NON-VAT'} Reg. TIN ${registration.tin}`);
      expect(printed.text).toContain('Z-READING');
      expect(printed.text).toMatch(/Paid by store credit ₱[\d,]+\.\d\d/);
    };

    it('prints on one 80 mm receipt under the seller’s registration', { timeout: 60_000 }, async () => {
      await page.getByRole('button', { name: 'Print Z-Reading (80 mm)' }).click();
      const printed = await print(page, dir, 'z-reading-80mm');
      expect(printed.pages).toHaveLength(1);
      const [width, height] = printed.sizes[0] ?? [0, 0];
      expect(width).toBeCloseTo(receiptWidth, 0);
      // A receipt as long as its lines, not a sheet of Letter or A4.
      expect(height).toBeGreaterThan(300);
      expect(height).not.toBeCloseTo(792, -1);
      expectRegistration(printed);
      expect(printed.text).toMatch(/Accumulated grand total ₱[\d,]+\.\d\d/);
    });

    it('prints on one page of A4 under the seller’s registration', { timeout: 60_000 }, async () => {
      await page.getByRole('button', { name: 'Print Z-Reading (A4)' }).click();
      const printed = await print(page, dir, 'z-reading-a4');
      expectSize(printed, a4, 'z-reading-a4');
      expect(printed.pages).toHaveLength(1);
      expectRegistration(printed);
      expect(printed.text).toMatch(/Accumulated grand total ₱[\d,]+\.\d\d/);
    });
  });
});
