import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/app/definitions.ts';
import {
  type BrowserApp,
  expectToast,
  goInApp,
  listedPage,
  screenshot,
  signIn,
  startBrowserApp,
} from './browser-app.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

// axe-core's serious and critical findings on the page as it stands.
async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: no hover under a pointer left from a click, no transition half way.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated by the browser's debugging protocol, which the app's Content-Security-Policy does not govern, as an
  // inline script tag would be; the page keeps it until the next full load.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.help}) at ${violation.nodes[0]?.target.join(' ')}`);
}

describe('what a back office offers besides its screens', () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    await signIn(page, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('loads items from a spreadsheet: the preview names the bad cell, a corrected file imports', {
    timeout: 120_000,
  }, async () => {
    await page.goto('/items');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/items/import');
    const header = 'code,name,brand,item_type,unit_of_measurement,reorder_level';
    const upload = (rows: string[]) =>
      page.getByLabel('CSV file').setInputFiles({
        name: 'delivery.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([header, ...rows].join('\n')),
      });
    await upload([
      'E2E-IMP-1,Imported Aviator Gold,Ray-Ban,Frame,Piece,2',
      'E2E-IMP-2,Imported Round,Ray-Ban,Telescope,Piece,1',
    ]);
    await page.getByText('No item type named “Telescope”.').first().waitFor();
    expect(await page.getByRole('button', { name: /Import 2 rows/ }).isDisabled()).toBe(true);
    await screenshot(page, 'import-preview');
    await upload([
      'E2E-IMP-1,Imported Aviator Gold,Ray-Ban,Frame,Piece,2',
      'E2E-IMP-2,Imported Round,Ray-Ban,Frame,Piece,1',
    ]);
    await page.getByText('2 rows of delivery.csv are ready to import.').waitFor();
    await page.getByRole('button', { name: /Import 2 rows/ }).click();
    await expectToast(page, '2 rows of Items imported successfully.');
    await page.waitForURL((url) => url.pathname === '/items');
    await page.goto('/items?search=E2E-IMP');
    await page.getByText('List of Items - Total 2', { exact: true }).waitFor();
  });

  it('prints price labels for items ticked on the list', { timeout: 120_000 }, async () => {
    await page.goto('/items?search=E2E-IMP');
    await page.getByText('List of Items - Total 2', { exact: true }).waitFor();
    await page.getByLabel('Select every row of this page').check({ force: true });
    await page.getByRole('button', { name: /Print labels/ }).click();
    await page.waitForURL((url) => url.pathname === '/items/labels');
    await page.getByRole('cell', { name: 'E2E-IMP-1', exact: true }).waitFor();
    await page.getByLabel('Labels of E2E-IMP-1').fill('5');
    await page.getByText('6 labels on 1 sheet').waitFor();
    // Each label carries its barcode, drawn as bars (an SVG with rectangles).
    await page.locator('[data-label] svg rect').first().waitFor();
    expect(await page.locator('[data-label]').count()).toBe(6);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'labels-print');
    await page.emulateMedia({ media: 'screen' });
  });

  // The screens are reached as the app's links reach them, without reloading it (routes.test.ts loads every address
  // afresh): what a screen offers assistive technology does not depend on how it was opened.
  it('has no serious or critical accessibility finding on any route of the registry', {
    timeout: 300_000,
  }, async () => {
    const findings: string[] = [];
    const check = async (path: string, ready: () => Promise<void>) => {
      await goInApp(page, path);
      await ready();
      for (const finding of await seriousViolations(page)) findings.push(`${path}: ${finding}`);
    };
    await page.goto('/overview');
    await page.getByRole('heading', { name: 'Overview', level: 2 }).waitFor();
    for (const finding of await seriousViolations(page)) findings.push(`/overview: ${finding}`);
    for (const resource of resources) {
      const listed = listedPage(page, resource.key);
      await check(`/${resource.key}`, () =>
        page.getByText(new RegExp(`^List of ${resource.plural} - Total \\d+$`)).waitFor(),
      );
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
    expect(findings).toEqual([]);
  });
});
