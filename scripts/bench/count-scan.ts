import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { insertStockAdjustment } from '../../server/areas/logistics/stock-adjustments-posting.ts';
import { createStockCount } from '../../server/areas/logistics/stock-counts-posting.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { dialectOf } from '../../server/db/dialect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDatabase } from '../../server/demo/index.ts';
import { demoPassword } from '../../server/demo/master-data.ts';
import { businessDate } from '../../server/domain/business-date.ts';
import type { PostingContext } from '../../server/ledger/posting-context.ts';
import { startServerProcess } from './server-process.ts';
import { printTable } from './table.ts';

// A stock count of 5,000 lines in the browser (docs/domain/logistics.md, Stock counts): the time from the scanner's
// Enter to the confirmation painted on the screen, for scans of items already counted (each adds to its line). The
// server runs in its own process on SQLite; the client is the production build in headless Chromium. Figures only.

const lineCount = 5000;
const scans = 60;
const warmUp = 5;

type ScanTiming = { confirm: number; request: number; afterAnswer: number; rows: number };

export async function benchCountScan(root: string): Promise<void> {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  const dir = mkdtempSync(join(tmpdir(), 'spectacle-count-scan-'));
  const path = join(dir, 'count.db');
  try {
    const { countId, codes } = await prepareCount(path);
    const server = await startServerProcess(
      root,
      { kind: 'sqlite', path },
      { name: 'count-scan', items: lineCount, stockedItems: lineCount },
    );
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await (
        await browser.newContext({ baseURL: server.base, viewport: { width: 1366, height: 900 } })
      ).newPage();
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill('admin@spectacle.test');
      await page.getByLabel('Password').fill(demoPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/overview');
      const opened = performance.now();
      await page.goto(`/stock-counts/${countId}`);
      await page.getByRole('table', { name: /^Counted \(5000\)/ }).waitFor({ timeout: 120_000 });
      await page.getByText('Page 1 of 100').waitFor({ timeout: 120_000 });
      const openMs = performance.now() - opened;
      const timings: ScanTiming[] = [];
      for (let scan = 0; scan < warmUp + scans; scan += 1) {
        const code = codes[(scan * 83) % codes.length] ?? '';
        const timing = await page.evaluate(scanOnce, code);
        if (scan >= warmUp) timings.push(timing);
      }
      const confirm = timings.map((timing) => timing.confirm).sort((a, b) => a - b);
      const requests = timings.map((timing) => timing.request).sort((a, b) => a - b);
      const afterAnswer = timings.map((timing) => timing.afterAnswer).sort((a, b) => a - b);
      const rows = Math.max(...timings.map((timing) => timing.rows));
      printTable(
        `Stock count scan in the browser: ${lineCount.toLocaleString('en-US')} lines, ${scans} scans after ${warmUp} unmeasured (ms); SQLite, server in its own process, headless Chromium at 1366×900, ${cpus().length} cores`,
        ['what', 'p50', 'p95', 'max'],
        [
          ['Enter to confirmation painted', ...figures(confirm)],
          ['the scan call (POST …/lines) in the browser', ...figures(requests)],
          ['the page, from the answer to the paint', ...figures(afterAnswer)],
        ],
      );
      console.log(
        `Opening the count (5,000 lines and their variance) took ${Math.round(openMs)} ms; at most ${rows} table rows were in the page during the scans.`,
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const at = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

const figures = (sorted: readonly number[]) =>
  [at(sorted, 0.5), at(sorted, 0.95), at(sorted, 1)].map((v) => v.toFixed(0));

// Runs in the page: types the code into the scan field as a scanner does, presses Enter and waits for the line's
// confirmation to be painted.
async function scanOnce(code: string): Promise<ScanTiming> {
  const field = document.querySelector<HTMLInputElement>('#count-code');
  const status = document.querySelector('[aria-live="polite"]');
  if (!field?.form || !status) throw new Error('The scan field is not on the page.');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(field, code);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const before = status.textContent ?? '';
  performance.clearResourceTimings();
  const started = performance.now();
  const confirmed = new Promise<void>((resolve) => {
    const watch = new MutationObserver(() => {
      if ((status.textContent ?? '') !== before && field.value === '') {
        watch.disconnect();
        resolve();
      }
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  field.form.requestSubmit();
  await confirmed;
  // The confirmation counts once it is on the screen: the frame after the change has been painted.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const confirm = performance.now() - started;
  const call = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
    (entry) => entry.name.includes('/lines') && entry.startTime >= started,
  );
  const answered = call ? call.responseEnd - started : confirm;
  return {
    confirm,
    request: call?.duration ?? 0,
    afterAnswer: confirm - answered,
    rows: document.querySelectorAll('tr').length,
  };
}

// The demo business with 5,000 more items in stock at its first branch and a count of all of them, each line counted
// once: the count as it stands near its end.
async function prepareCount(path: string): Promise<{ countId: number; codes: string[] }> {
  const db = connectDatabase({ kind: 'sqlite', path });
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { demo: true, passwordCost: { N: 2 ** 10, r: 8, p: 1 }, now: new Date() });
    const business = await db.selectFrom('businesses').select('id').orderBy('id').executeTakeFirstOrThrow();
    const branch = await db
      .selectFrom('branches')
      .select('id')
      .where('business_id', '=', business.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const model = await db
      .selectFrom('items')
      .select(['unit_of_measurement_id', 'item_type_id'])
      .where('business_id', '=', business.id)
      .where('is_inventory_tracked', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const audit = { created_at: now.toISOString(), updated_at: now.toISOString(), created_by: null, updated_by: null };
    const bulkType = await db
      .insertInto('item_types')
      .values({ business_id: business.id, name: 'Counted in bulk', ...audit })
      .returning('id')
      .executeTakeFirstOrThrow();
    const itemIds: number[] = [];
    const codes: string[] = [];
    for (let start = 0; start < lineCount; start += 250) {
      const batch = Array.from({ length: Math.min(250, lineCount - start) }, (_, offset) => start + offset);
      const rows = await db
        .insertInto('items')
        .values(
          batch.map((index) => ({
            business_id: business.id,
            code: `CNT-BENCH-${index}`,
            name: `Counted frame ${index}`,
            item_type_id: bulkType.id,
            unit_of_measurement_id: model.unit_of_measurement_id,
            is_inventory_tracked: 1,
            ...audit,
          })),
        )
        .returning('id')
        .execute();
      itemIds.push(...rows.map((row) => row.id));
      codes.push(...batch.map((index) => `CNT-BENCH-${index}`));
    }
    const context = (trx: PostingContext['trx']): PostingContext => ({
      trx,
      dialect: dialectOf(db),
      businessId: business.id,
      userId: null,
      now,
      holds: () => true,
    });
    await db.transaction().execute((trx) =>
      insertStockAdjustment(context(trx), {
        location: { branch_id: branch.id, warehouse_id: null },
        adjustment_date: businessDate(now),
        reason: 'opening',
        notes: null,
        lines: itemIds.map((itemId) => ({
          item_id: itemId,
          quantity_delta: 5000,
          unit_cost: 10_000,
          lot_number: null,
          expires_on: null,
        })),
      }),
    );
    const countId = await db
      .transaction()
      .execute((trx) =>
        createStockCount(context(trx), { branch_id: branch.id, blind: false, scope: { item_type_ids: [bulkType.id] } }),
      );
    for (let start = 0; start < lineCount; start += 250) {
      await db
        .insertInto('stock_count_lines')
        .values(
          itemIds.slice(start, start + 250).map((itemId, offset) => ({
            business_id: business.id,
            stock_count_id: countId,
            item_id: itemId,
            lot_number: null,
            lot_key: '',
            expires_on: null,
            counted_quantity: (start + offset) % 7 === 0 ? 4000 : 5000,
            counted_at: now.toISOString(),
            counted_by: null,
            created_at: audit.created_at,
            updated_at: audit.updated_at,
          })),
        )
        .execute();
    }
    return { countId, codes };
  } finally {
    await db.destroy();
  }
}
