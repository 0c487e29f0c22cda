import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, pick, signIn, startBrowserApp } from './browser-app.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe's rules about names and labels: every input, select, button, link and listbox option is named, no control
// has two labels, and no id (which labels and ARIA references lean on) is given twice.
const nameRules = [
  'aria-allowed-attr',
  'aria-command-name',
  'aria-input-field-name',
  'aria-required-children',
  'aria-toggle-field-name',
  'aria-valid-attr-value',
  'button-name',
  'duplicate-id-aria',
  'form-field-multiple-labels',
  'input-button-name',
  'label',
  'link-name',
  'select-name',
];

type Violation = { rule: string; targets: string[] };

// Runs axe in the page on the form, and answers the violations found. axe's source is evaluated through the
// browser's debugging protocol: the app's Content-Security-Policy (script-src 'self') refuses an injected script.
async function nameViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (rules) =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe.run(
        { include: ['form'] },
        { runOnly: { type: 'rule', values: rules } },
      ),
    nameRules,
  );
  // axe takes a placeholder for a name; a picker named only by its placeholder ("Type to search") is not told apart.
  const pickersNamedByPlaceholder = await page.evaluate(() => {
    const { axe } = window as unknown as {
      axe: {
        setup: () => void;
        teardown: () => void;
        commons: { text: { accessibleText: (node: Element) => string } };
      };
    };
    axe.setup();
    try {
      return [...document.querySelectorAll('form [role="combobox"], form select')]
        .filter((picker) => {
          const name = axe.commons.text.accessibleText(picker).trim();
          return name === '' || name === picker.getAttribute('placeholder');
        })
        .map((picker) => picker.getAttribute('name') ?? picker.id);
    } finally {
      axe.teardown();
    }
  });
  return [
    ...results.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })),
    ...pickersNamedByPlaceholder.map((name) => ({ rule: 'named-by-its-label', targets: [name] })),
    // axe no longer checks ids outside ARIA; a label's `for` leans on them just the same.
    ...(
      await page.evaluate(() => {
        const ids = [...document.querySelectorAll('form [id]')].map((element) => element.id);
        return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
      })
    ).map((id) => ({ rule: 'unique-id', targets: [id] })),
  ];
}

async function openForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: 'Save' }).waitFor();
  // The pickers' first searches and the lists of checkboxes fill in after the form shows.
  await page.waitForLoadState('networkidle');
}

describe('the forms, as a screen reader and axe read them', () => {
  let app: BrowserApp;
  let admin: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    admin = await app.newPage();
    await signIn(admin, 'admin@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('names the invoice form’s every control, with a customer and an item chosen', { timeout: 90_000 }, async () => {
    await openForm(admin, '/invoices/create');
    await pick(admin, 'contact_id', 'Walk', 'Walk-in Customer');
    await pick(admin, 'lines.0.item_id', 'RB-2140', 'RB-2140-901');
    await admin.getByRole('combobox', { name: 'Customer' }).waitFor();
    await admin.getByRole('combobox', { name: 'Branch' }).waitFor();
    await admin.getByRole('combobox', { name: 'Item 1' }).waitFor();
    expect(await nameViolations(admin)).toEqual([]);
  });

  it.each([
    ['/purchase-orders/create', ['Supplier', 'Location']],
    ['/items/create', ['Brand', 'Item Type', 'Unit of Measurement']],
    ['/contacts/create', ['Contact Type']],
    ['/stock-transfers/create', ['From', 'To']],
    ['/discount-programs/create', []],
    ['/users/create', []],
    ['/job-orders/create', ['Patient', 'Branch']],
  ])('names every control of %s', { timeout: 90_000 }, async (path, pickers) => {
    await openForm(admin, path);
    for (const name of pickers) await admin.getByRole('combobox', { name, exact: true }).waitFor();
    expect(await nameViolations(admin)).toEqual([]);
  });
});
