import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, pick, screenshot, signIn, startBrowserApp } from '../browser-app.ts';

const patient = 'Carlo Aquino';
const frame = { code: 'SP-ACE-301', name: 'Spectacle Acetate Round Frame Tortoise' };
const lens = { code: 'ES-CRZ-156', name: 'Essilor Crizal Sapphire Single Vision 1.56' };

// The id of the record a create just made: the list is newest first and shows its View link on top.
async function newestId(page: Page, listPath: string): Promise<number> {
  await page.goto(listPath);
  await page.getByText(/^List of .+ - Total \d+$/).waitFor();
  const href = await page
    .locator('tbody')
    .getByRole('link', { name: 'View', exact: true })
    .first()
    .getAttribute('href');
  return Number(href?.split('/').at(-1) ?? 0);
}

// A routine step asks in a sentence, with the step's own button (not a red Confirm).
async function confirmStatusMove(page: Page, button: string, number: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(new RegExp(`^Order ${number} `)).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

// The cashier's day at the counter: an eye exam written on the Rx card, the glasses ordered from it, the invoice
// with a deposit, the order back from the lab, the balance taken and the glasses handed over.
describe('eye care in the browser', () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    // This walk is the road of a shop that invoices at order (section 6); the demo invoices at release, whose road
    // tests/api/sales/deposits.test.ts walks.
    await app.db.updateTable('businesses').set({ job_invoicing: 'at_order' }).execute();
    page = await app.newPage();
    await signIn(page, 'cashier@spectacle.test');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('records a prescription, orders, invoices with a deposit, and claims when paid', {
    timeout: 240_000,
  }, async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByText('Eye Care').waitFor();

    await page.goto('/prescriptions/create');
    await pick(page, 'contact_id', 'Carlo', patient);
    await page.locator('select[name="kind"]').selectOption('spectacles');
    await page.locator('input[name="od_sphere"]').fill('-1.10');
    await page.getByText('The right sphere must be in steps of 0.25.').waitFor();
    await page.locator('input[name="od_sphere"]').fill('-1.00');
    await page.locator('input[name="od_cylinder"]').fill('0.50');
    await page.getByText('The right axis is required with a cylinder.').waitFor();
    await page.locator('input[name="od_axis"]').fill('90');
    await page.locator('input[name="os_sphere"]').fill('-1.25');
    await page.locator('input[name="os_cylinder"]').fill('-0.50');
    await page.locator('input[name="os_axis"]').fill('180');
    await page.locator('input[name="od_add"]').fill('4.50');
    await page.getByText('The right add must be between +0.25 and +4.00.').waitFor();
    await page.locator('input[name="od_add"]').fill('');
    await page.locator('input[name="pd_distance"]').fill('63');
    // A plus cylinder is never turned unseen: the form says what it will read, and offers to turn it now.
    await page.getByRole('status').getByText('OD -1.00 / +0.50 × 90 becomes -0.50 / -0.50 × 180').waitFor();
    await page.getByRole('button', { name: 'Transpose' }).click();
    expect(await page.locator('input[name="od_sphere"]').inputValue()).toBe('-0.50');
    expect(await page.locator('input[name="od_cylinder"]').inputValue()).toBe('-0.50');
    expect(await page.locator('input[name="od_axis"]').inputValue()).toBe('180');
    await screenshot(page, 'rx-card');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Prescription created successfully.');

    await page.goto('/job-orders/create');
    await pick(page, 'contact_id', 'Carlo', patient);
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('select[name="prescription_id"]')?.value,
    );
    expect(await page.locator('select[name="prescription_id"]').innerText()).toContain('-0.50 / -0.50 × 180');
    await pick(page, 'branch_id', 'Makati', 'Makati Branch');
    const promised = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('input[name="promised_date"]').fill(promised);
    await page.locator('input[name="frame_a"]').fill('50');
    await page.locator('input[name="frame_dbl"]').fill('20');
    await page.locator('select[name="lines.0.role"]').selectOption('frame');
    await pick(page, 'lines.0.item_id', frame.code, frame.name);
    for (const [index, role] of [
      [1, 'lens_od'],
      [2, 'lens_os'],
    ] as const) {
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.locator(`select[name="lines.${index}.role"]`).selectOption(role);
      await pick(page, `lines.${index}.item_id`, lens.code, lens.name);
    }
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="lines.2.unit_price"]')?.value,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Job Order created successfully.');
    const jobOrderId = await newestId(page, '/job-orders');
    await page.goto(`/job-orders/${jobOrderId}`);
    const number = (await detail(page, 'Number').innerText()).trim();
    expect(number).toMatch(/^JO-\d{8}-B\d{5}-\d{8}$/);
    expect((await detail(page, 'Status').innerText()).trim()).toBe('Open');

    await page.getByRole('link', { name: 'Create Invoice' }).click();
    await page.waitForURL((url) => url.pathname === `/invoices/create/from-job-order/${jobOrderId}`);
    await page.locator('input[name="lines.2.item_id"]').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');
    const invoiceId = await newestId(page, '/invoices');
    await page.goto(`/invoice-payments/create/${invoiceId}`);
    await page.locator('input[name="amount"]').fill('1000');
    await page.getByLabel('Payment Method').selectOption('cash');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');

    await page.goto(`/job-orders/${jobOrderId}`);
    await confirmStatusMove(page, 'Send to Lab', number);
    await expectToast(page, 'Job Order sent to lab successfully.');
    await confirmStatusMove(page, 'Mark Ready', number);
    await expectToast(page, 'Job Order marked ready successfully.');
    await confirmStatusMove(page, 'Claim', number);
    await page
      .getByText(/still has a balance of ₱[\d,]+\.\d\d/)
      .first()
      .waitFor();
    const balance = (await detail(page, 'Invoice Balance').innerText()).trim();
    expect(balance).not.toBe('₱0');
    await screenshot(page, 'job-order-view');

    await page.getByRole('link', { name: 'Record Payment' }).click();
    await page.waitForURL((url) => url.pathname === `/invoice-payments/create/${invoiceId}`);
    await page.getByLabel('Payment Method').selectOption('card');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice Payment created successfully.');

    await page.goto(`/job-orders/${jobOrderId}`);
    await confirmStatusMove(page, 'Claim', number);
    await expectToast(page, 'Job Order claimed successfully.');
    await page.waitForFunction(() => document.body.innerText.includes('Claimed'));
    const history = page.locator('table').filter({ has: page.locator('caption', { hasText: /^Status History$/ }) });
    expect(await history.locator('tbody tr').count()).toBe(4);
    expect(await history.innerText()).toContain('Carla Cashier');

    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Lab Ticket' }).click();
    await page.emulateMedia({ media: 'print' });
    const ticket = page.locator('[data-print-sheet]');
    expect(await ticket.innerText()).toContain(patient);
    expect(await ticket.innerText()).toContain('-0.50');
    await screenshot(page, 'lab-ticket');
    await page.emulateMedia({ media: 'screen' });
  });

  it('keeps a frame-only order without a prescription, and cancels an invoiced one only with its credit', {
    timeout: 240_000,
  }, async () => {
    await page.goto('/job-orders/create');
    await pick(page, 'contact_id', 'Carlo', patient);
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('select[name="prescription_id"]')?.value,
    );
    await page.locator('select[name="prescription_id"]').selectOption('');
    await pick(page, 'branch_id', 'Makati', 'Makati Branch');
    await page.locator('select[name="lines.0.role"]').selectOption('frame');
    await pick(page, 'lines.0.item_id', frame.code, frame.name);
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="lines.0.unit_price"]')?.value,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Job Order created successfully.');
    const jobOrderId = await newestId(page, '/job-orders');

    await page.goto(`/job-orders/${jobOrderId}/edit`);
    await page.locator('input[name="lines.0.item_id"]').waitFor();
    // The patient's prescriptions load, and the order stays without one.
    await page.waitForFunction(() => document.querySelectorAll('select[name="prescription_id"] option').length > 1);
    expect(await page.locator('select[name="prescription_id"]').inputValue()).toBe('');
    await page.locator('textarea[name="notes"]').fill('Frame only, lenses from the old pair');
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Job Order updated successfully.');
    expect((await detail(page, 'Prescription').innerText()).trim()).toBe('None');
    const number = (await detail(page, 'Number').innerText()).trim();

    await page.getByRole('link', { name: 'Create Invoice' }).click();
    await page.waitForURL((url) => url.pathname === `/invoices/create/from-job-order/${jobOrderId}`);
    await page.locator('input[name="lines.0.item_id"]').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Invoice created successfully.');

    await page.goto(`/job-orders/${jobOrderId}`);
    await page.getByRole('link', { name: 'Record Payment' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel and credit' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Cancel this order?').waitFor();
    await dialog.getByText(`Are you sure you want to cancel Job Order ${number}?`).waitFor();
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await detail(page, 'Status').innerText()).trim()).toBe('Open');
    await page.getByRole('button', { name: 'Cancel and credit' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, 'Job Order cancelled and its invoice credited successfully.');
    await page.waitForFunction(() => document.body.innerText.includes('Cancelled'));
    expect((await detail(page, 'Invoice Balance').innerText()).trim()).toBe('₱0');
    expect(await page.getByRole('link', { name: 'Record Payment' }).count()).toBe(0);
  });
});
