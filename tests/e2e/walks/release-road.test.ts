import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, pick, signIn, startBrowserApp } from '../browser-app.ts';

// docs/domain/sales.md, Deposits, and docs/domain/eye-care.md, The order's road: the demo business invoices at release.
// An order takes its deposit on an acknowledgment receipt, goes to the lab, comes back ready, and the claim makes the
// invoice with the deposit applied; the balance is paid at the counter. Every step through the views' own buttons.

const patient = 'Carlo Aquino';
const frame = { code: 'SP-ACE-301', name: 'Spectacle Acetate Round Frame Tortoise' };

const pesos = (text: string) => Number(text.replace(/[₱,\s]/g, ''));

// A routine step asks in a sentence, with the step's own button (not a red Confirm).
async function confirmStatusMove(page: Page, button: string, number: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(new RegExp(`^Order ${number} `)).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

describe('the order’s road at release, in the browser', () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('takes a deposit, claims with the invoice made and the deposit applied, and takes the balance', {
    timeout: 60_000,
  }, async () => {
    await page.goto('/job-orders/create');
    await pick(page, 'contact_id', 'Carlo', patient);
    await pick(page, 'branch_id', 'Makati', 'Makati Branch');
    await page.locator('select[name="lines.0.role"]').selectOption('frame');
    await pick(page, 'lines.0.item_id', frame.code, frame.name);
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="lines.0.unit_price"]')?.value,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Job Order created successfully.');
    // The list is newest first: its top View link is the order just made.
    await page.goto('/job-orders');
    await page.getByText(/^List of .+ - Total \d+$/).waitFor();
    const orderPath =
      (await page.locator('tbody').getByRole('link', { name: 'View', exact: true }).first().getAttribute('href')) ?? '';
    await page.goto(orderPath);
    const number = (await detail(page, 'Number').innerText()).trim();
    const total = pesos(await detail(page, 'Amount due').innerText());
    // At release the order takes a deposit, never an invoice, before it is claimed.
    expect(await page.getByRole('link', { name: 'Create Invoice' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Take Deposit' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/acknowledgment-receipts/create/from-job-order/'));
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value);
    const deposit = Number(await page.locator('input[name="amount"]').inputValue());
    expect(deposit).toBe(Math.round((total / 2) * 100) / 100);
    await page.getByLabel('Payment Method').selectOption('e_wallet');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Acknowledgment Receipt created successfully.');

    await page.goto(orderPath);
    const deposits = page.locator('table').filter({ has: page.locator('caption', { hasText: /^Deposits$/ }) });
    await deposits.getByText(/^AR-/).waitFor();
    await confirmStatusMove(page, 'Send to Lab', number);
    await expectToast(page, 'Job Order sent to lab successfully.');
    await confirmStatusMove(page, 'Mark Ready', number);
    await expectToast(page, 'Job Order marked ready successfully.');
    await confirmStatusMove(page, 'Claim', number);
    await expectToast(page, 'Job Order claimed successfully.');

    // The claim made the invoice from the order and applied the deposit: what is left is the balance.
    await detail(page, 'Invoice').getByText(/^I-/).waitFor();
    expect(pesos(await detail(page, 'Invoice Balance').innerText())).toBeCloseTo(total - deposit, 2);
    expect(await deposits.locator('tbody tr').count()).toBe(1);
    expect((await deposits.locator('tbody tr').innerText()).replace(/\s+/g, ' ')).toMatch(/₱0(\.00)?$/);

    await page.getByRole('link', { name: 'Record Payment' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/invoice-payments/create/'));
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value);
    expect(Number(await page.locator('input[name="amount"]').inputValue())).toBeCloseTo(total - deposit, 2);
    await page.getByLabel('Payment Method').selectOption('card');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');

    await page.goto(orderPath);
    await detail(page, 'Status').getByText('Claimed').waitFor();
    expect(pesos(await detail(page, 'Invoice Balance').innerText())).toBe(0);
  });
});
