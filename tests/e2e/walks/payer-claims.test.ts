import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, detail, expectToast, signIn, startBrowserApp } from '../browser-app.ts';

// A payer's payment as the shop records it (docs/domain/sales.md, Payer claims): on the demo, Maxicare's claim is
// partly paid, the second payment's Form 2307 still to come (server/demo/benefits.ts). The admin records the rest net
// of 1% with its 2307, then the late 2307 of the earlier payment, and the 2307s-pending report empties of the claim.

let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
}, 60_000);

afterAll(async () => app?.close());

describe("a payer claim's payment in the browser", () => {
  it('records a payment net of 1% with its 2307, sees the claim paid and the 2307s-pending report change', async () => {
    const claim = await app.db
      .selectFrom('payer_claims')
      .innerJoin('contacts', 'contacts.id', 'payer_claims.payer_id')
      .select(['payer_claims.id', 'payer_claims.number'])
      .where('contacts.name', 'like', 'Maxicare%')
      .executeTakeFirstOrThrow();
    const lines = await app.db
      .selectFrom('payer_claim_lines')
      .select(['amount', 'paid', 'disallowed'])
      .where('payer_claim_id', '=', claim.id)
      .execute();
    const left = lines.reduce(
      (sum, line) => sum + Number(line.amount) - Number(line.paid) - Number(line.disallowed),
      0,
    );
    expect(left).toBeGreaterThan(0);

    const page = await app.newPage();
    await signIn(page, 'admin@spectacle.test');
    const pendingRow = page.getByRole('row').filter({ hasText: claim.number });
    await page.goto('/reports/form-2307s-pending');
    await pendingRow.first().waitFor();
    expect(await pendingRow.count()).toBe(1);

    await page.goto(`/payer-claims/${claim.id}`);
    await page.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog');
    const withheld = Math.round(left / 100);
    await expect.poll(() => dialog.getByLabel(/^Tax Withheld/).inputValue()).toBe((withheld / 100).toFixed(2));
    expect(await dialog.getByLabel('Amount Received').inputValue()).toBe(((left - withheld) / 100).toFixed(2));
    await dialog.getByLabel('Form 2307 Number').fill('2307-E2E-0001');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expectToast(page, `Payer Claim ${claim.number} payment recorded successfully.`);
    await expect.poll(() => detail(page, 'Status').innerText()).toBe('Paid');
    expect(await page.getByRole('button', { name: 'Record Payment' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Record 2307' }).click();
    await page.getByRole('dialog').getByLabel('Form 2307 Number').fill('2307-E2E-0000');
    await page.getByRole('dialog').getByRole('button', { name: 'Record', exact: true }).click();
    await expectToast(page, 'Form 2307 2307-E2E-0000 recorded successfully.');

    const payments = await app.db
      .selectFrom('payer_claim_payments')
      .select(['tax_withheld', 'form_2307_number'])
      .where('payer_claim_id', '=', claim.id)
      .orderBy('id')
      .execute();
    expect(payments.at(-1)).toMatchObject({ tax_withheld: withheld, form_2307_number: '2307-E2E-0001' });
    expect(payments.every((payment) => payment.form_2307_number !== null)).toBe(true);

    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/reports/form-2307s-pending' && response.ok(),
    );
    await page.goto('/reports/form-2307s-pending');
    await answered;
    await expect.poll(() => pendingRow.count()).toBe(0);
  }, 60_000);
});
