import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, pick, signIn, startBrowserApp, type Viewport } from '../browser-app.ts';

// The optical day as the counter lives it (docs/domain/eye-care.md, The order's road), through the views' own
// buttons and links only: after the sign-in page no address is typed. A new patient made from the picker, the exam on
// the Rx card, the order from the prescription's view, its deposit, the lab ticket on one page, In lab, Ready, the
// claim and the balance. The demo invoices at release (docs/domain/sales.md, Deposits): a deposit on an acknowledgment
// receipt and the invoice at the claim; a shop that invoices at order makes the invoice from the order, takes the
// deposit on it, and claims once it is paid.

const frame = { code: 'SP-ACE-301', name: 'Spectacle Acetate Round Frame Tortoise' };
// A figure the view reads again on coming back from a save: given the time a busy machine takes.
const settled = { timeout: 20_000 };
const pesos = (text: string) => Number(text.replace(/[₱,\s]/g, ''));
// A5 landscape, in points.
const a5Landscape = [595, 420] as const;

async function fromSidebar(page: Page, link: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
}

// A routine step asks in a sentence, with the step's own button.
async function moveOrder(page: Page, button: string, number: string): Promise<void> {
  await page.locator('#main-content').getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(new RegExp(`^Order ${number} `)).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

// The pages Chromium would print, with each page's size and text.
async function printedPages(page: Page, dir: string, name: string) {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const info = spawnSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
  const sizes = [...info.stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => [
    Math.round(Number(match[1])),
    Math.round(Number(match[2])),
  ]);
  const text = spawnSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
  return { sizes, text };
}

type Walk = { name: string; viewport: Viewport; invoicing: 'at_release' | 'at_order'; patient: string; phone: string };

// The demo's road (at release) at both widths, then the road of a shop that invoices at order.
const walks: readonly Walk[] = [
  {
    name: 'desktop',
    viewport: { width: 1366, height: 768 },
    invoicing: 'at_release',
    patient: 'Lorna Villanueva',
    phone: '0917 555 0188',
  },
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    invoicing: 'at_release',
    patient: 'Dante Magbanua',
    phone: '0917 555 0199',
  },
  {
    name: 'invoiced at order',
    viewport: { width: 1366, height: 768 },
    invoicing: 'at_order',
    patient: 'Perla Dimaculangan',
    phone: '0917 555 0177',
  },
];

describe('the optical day from the views’ own buttons', () => {
  let app: BrowserApp;
  let dir: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    dir = mkdtempSync(join(tmpdir(), 'optical-day-'));
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const { name, viewport, invoicing, patient, phone } of walks) {
    it(`walks a new patient from exam to claim at ${viewport.width} wide (${name}, ${invoicing})`, {
      timeout: 240_000,
    }, async () => {
      await app.db.updateTable('businesses').set({ job_invoicing: invoicing }).execute();
      const page = await app.newPage(viewport);
      await signIn(page, 'cashier@spectacle.test');
      // The page's own buttons, not the links a toast offers beside them.
      const main = page.locator('#main-content');
      await page.evaluate(() => {
        window.print = () => undefined;
      });

      // The exam: a new patient made in the prescription's own picker.
      await fromSidebar(page, 'Prescriptions');
      await main.getByRole('link', { name: 'Create New' }).click();
      const patientInput = page.locator('input[name="contact_id"]');
      await patientInput.click();
      await patientInput.fill(patient);
      await page.getByRole('listbox').getByRole('option', { name: 'New customer…' }).click();
      const newCustomer = page.getByRole('dialog', { name: 'New customer' });
      await newCustomer.getByLabel('Phone').fill(phone);
      await newCustomer.getByRole('button', { name: 'Save customer' }).click();
      await page.waitForFunction(
        (typed) => document.querySelector<HTMLInputElement>('input[name="contact_id"]')?.value.includes(typed),
        patient,
      );
      await page.locator('select[name="kind"]').selectOption('spectacles');
      await page.locator('input[name="od_sphere"]').fill('-1.00');
      await page.locator('input[name="od_cylinder"]').fill('-0.50');
      await page.locator('input[name="od_axis"]').fill('180');
      await page.locator('input[name="os_sphere"]').fill('-1.25');
      await page.locator('input[name="pd_distance"]').fill('63');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Prescription created successfully.');

      // The order, started from the prescription's view with its patient and prescription.
      await main.getByRole('link', { name: 'New Job Order' }).click();
      await page.waitForFunction(
        () => document.querySelector<HTMLSelectElement>('select[name="prescription_id"]')?.value,
      );
      expect(await page.locator('input[name="contact_id"]').inputValue()).toContain(patient);
      // The cashier's order starts at her home branch.
      expect(await page.locator('input[name="branch_id"]').inputValue()).toContain('Makati');
      await page.locator('select[name="lines.0.role"]').selectOption('frame');
      await pick(page, 'lines.0.item_id', frame.code, frame.name);
      await page.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[name="lines.0.unit_price"]')?.value,
      );
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Job Order created successfully.');

      // Saved, the order opens on its own view: the hub of the road.
      const number = (await detail(page, 'Number').innerText()).trim();
      expect(number).toMatch(/^JO-/);
      expect(await detail(page, 'Prescription').innerText()).toMatch(/^OD -1\.00 \/ -0\.50 × 180 · OS -1\.25 · PD 63/);
      const total = pesos(await detail(page, 'Amount due').innerText());
      expect(total).toBeGreaterThan(0);

      // The deposit, and back to the order: at release on an acknowledgment receipt, at order on the order's invoice.
      let deposit = 0;
      if (invoicing === 'at_release') {
        await main.getByRole('link', { name: 'Take Deposit' }).click();
        await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value);
        deposit = Number(await page.locator('input[name="amount"]').inputValue());
        expect(deposit).toBeGreaterThan(0);
        await page.getByLabel('Payment Method').selectOption('cash');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Acknowledgment Receipt created successfully.');
        await detail(page, 'Number').getByText(number).waitFor();
        const deposits = page.locator('table').filter({ has: page.locator('caption', { hasText: /^Deposits$/ }) });
        await deposits.getByText(/^AR-/).waitFor();
      } else {
        expect(await main.getByRole('link', { name: 'Take Deposit' }).count()).toBe(0);
        await main.getByRole('link', { name: 'Create Invoice' }).click();
        await page.locator('input[name="lines.0.item_id"]').waitFor();
        await page.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Invoice created successfully.');
        await detail(page, 'Number').getByText(number).waitFor();
        await detail(page, 'Invoice').getByText(/^I-/).waitFor();
        deposit = 1000;
        await main.getByRole('link', { name: 'Record Payment' }).click();
        await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value);
        await page.locator('input[name="amount"]').fill(String(deposit));
        await page.getByLabel('Payment Method').selectOption('cash');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Invoice Payment created successfully.');
        await detail(page, 'Number').getByText(number).waitFor();
        await expect
          .poll(async () => pesos(await detail(page, 'Invoice Balance').innerText()), settled)
          .toBeCloseTo(total - deposit, 2);
      }

      // The lab ticket prints on one page of A5.
      await main.getByRole('button', { name: 'Lab Ticket' }).click();
      await page.locator('[data-print-sheet]').waitFor({ state: 'attached' });
      const ticket = await printedPages(page, dir, `lab-ticket-${viewport.width}-${invoicing}`);
      expect(ticket.sizes).toEqual([a5Landscape]);
      expect(ticket.text).toContain(patient);
      expect(ticket.text).toContain(number);

      await moveOrder(page, 'Send to Lab', number);
      await expectToast(page, 'Job Order sent to lab successfully.');
      await detail(page, 'Status').getByText('In Lab', { exact: false }).waitFor();
      await moveOrder(page, 'Mark Ready', number);
      await expectToast(page, 'Job Order marked ready successfully.');
      if (invoicing === 'at_release') {
        await moveOrder(page, 'Claim', number);
        await expectToast(page, 'Job Order claimed successfully.');
        // The claim made the invoice with the deposit applied.
        await detail(page, 'Invoice').getByText(/^I-/).waitFor();
      }
      // The balance is paid from the order and comes back to it.
      await expect
        .poll(async () => pesos(await detail(page, 'Invoice Balance').innerText()), settled)
        .toBeCloseTo(total - deposit, 2);
      await main.getByRole('link', { name: 'Record Payment' }).click();
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value);
      expect(Number(await page.locator('input[name="amount"]').inputValue())).toBeCloseTo(total - deposit, 2);
      await page.getByLabel('Payment Method').selectOption('card');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Invoice Payment created successfully.');
      await detail(page, 'Number').getByText(number).waitFor();
      await expect.poll(async () => pesos(await detail(page, 'Invoice Balance').innerText()), settled).toBe(0);
      if (invoicing === 'at_order') {
        await moveOrder(page, 'Claim', number);
        await expectToast(page, 'Job Order claimed successfully.');
      }
      await detail(page, 'Status').getByText('Claimed').waitFor();
      await page.context().close();
    });
  }
});
