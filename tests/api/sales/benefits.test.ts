import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBenefitResponse } from '../../../generated/zod/benefits/benefits.zod.ts';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { ListContactTypesResponse } from '../../../generated/zod/contact-types/contact-types.zod.ts';
import {
  CreateContactResponse,
  GetContactResponse,
  GetContactStatementResponse,
} from '../../../generated/zod/contacts/contacts.zod.ts';
import { ListDiscountProgramsResponse } from '../../../generated/zod/discount-programs/discount-programs.zod.ts';
import { CreateInvoiceResponse, GetInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import { CreateLoaResponse, GetLoaResponse } from '../../../generated/zod/loas/loas.zod.ts';
import {
  CreatePayerClaimResponse,
  RecordPayerClaimPaymentResponse,
  SubmitPayerClaimResponse,
  UpdatePayerClaimPaymentResponse,
} from '../../../generated/zod/payer-claims/payer-claims.zod.ts';
import {
  GetBenefitsUsedReportResponse,
  GetClaimsOutstandingReportResponse,
  GetForm2307sPendingReportResponse,
  GetPayerAgingReportResponse,
} from '../../../generated/zod/reports/reports.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// docs/domain/sales.md, HMO and PhilHealth benefits: the split of an invoice with an LOA, PhilHealth's package, the
// cap and the LOA taken once under concurrent sales, and the payer's claim, payment and aging, against the demo
// business. Figures in pesos, checked to the centavo.
const today = '2026-11-21';

let api: TestApi;
let admin: TestClient;
let branchId: number;
let payerTypeId: number;
let customerTypeId: number;
let frameId: number;
let lensId: number;
let seniorId: number;

async function stockedItemOfType(type: string): Promise<number> {
  const row = await api.db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
    .select('items.id')
    .where('stocks.branch_id', '=', branchId)
    .where('stocks.quantity_on_hand', '>=', 10_000)
    .where('item_types.name', '=', type)
    .where('items.is_lot_tracked', '=', 0)
    .orderBy('items.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  api = await createTestApi({ now: () => new Date(`${today}T06:00:00Z`) });
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date(`${today}T08:00:00Z`) });
  admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await admin.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  const businessId = businesses[0]?.id ?? 0;
  admin.businessId = businessId;
  await admin.patch(`/api/businesses/${businessId}`, { is_vat_registered: true, philhealth_accredited: false });
  branchId = (await api.db.selectFrom('branches').select('id').where('code', '=', 'MKT').executeTakeFirstOrThrow()).id;
  const types = expectContract(await admin.get('/api/contact-types?per_page=100'), 200, ListContactTypesResponse);
  payerTypeId = types.data.find((type) => type.name === 'Payer')?.id ?? 0;
  customerTypeId = types.data.find((type) => type.name === 'Customer')?.id ?? 0;
  frameId = await stockedItemOfType('Frame');
  lensId = await stockedItemOfType('Ophthalmic Lens');
  await admin.patch(`/api/items/${frameId}`, { tax_class: 'vat_exempt' });
  await admin.patch(`/api/items/${lensId}`, { tax_class: 'vatable' });
  const programs = expectContract(await admin.get('/api/discount-programs'), 200, ListDiscountProgramsResponse);
  seniorId = programs.data.find((program) => program.name === 'Senior Citizen')?.id ?? 0;
});

afterAll(() => api.close());

const errorsOf = (answer: { json: unknown }) => (answer.json as { errors: Record<string, string[]> }).errors;

async function contact(body: Record<string, unknown>) {
  return expectContract(await admin.post('/api/contacts', body), 201, CreateContactResponse);
}

async function benefit(body: Record<string, unknown>) {
  return expectContract(await admin.post('/api/benefits', body), 201, CreateBenefitResponse);
}

async function loa(benefitId: number, number: string, approved: number) {
  return expectContract(
    await admin.post('/api/loas', {
      benefit_id: benefitId,
      number,
      valid_until: '2026-12-31',
      approved_amount: approved,
    }),
    201,
    CreateLoaResponse,
  );
}

const sale = (contactId: number, loaId: number, lines: { item_id: number; unit_price: number }[]) => ({
  contact_id: contactId,
  branch_id: branchId,
  invoice_date: today,
  loa_id: loaId,
  lines: lines.map((line) => ({ ...line, quantity: 1 })),
});

describe('an invoice with an HMO LOA', () => {
  it('splits a senior member’s frame and lenses in the order VAT exemption, SC discount, copay, payer share', async () => {
    const hmo = await contact({
      contact_type_id: payerTypeId,
      name: 'Maxicare Test',
      payer_kind: 'hmo',
      claim_terms_days: 30,
    });
    expect(hmo.withholding_percent).toBe(1);
    const member = await contact({ contact_type_id: customerTypeId, name: 'Lola Senior Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'MX-1001',
      plan_year_start: '2026-01-01',
      annual_cap: 10_000,
      copay_percent: 10,
    });
    const letter = await loa(plan.id, 'LOA-MX-1', 3_000);
    const invoice = expectContract(
      await admin.post('/api/invoices', {
        ...sale(member.id, letter.id, [
          { item_id: frameId, unit_price: 3_000 },
          { item_id: lensId, unit_price: 2_240 },
        ]),
        special_discount: { program_id: seniorId, holder_name: 'Lola Senior Member', holder_id_number: 'OSCA-9' },
      }),
      201,
      CreateInvoiceResponse,
    );
    // Frame (VAT-exempt) 3,000 less 20% = 2,400; lenses 2,240 ÷ 1.12 = 2,000 less 20% = 1,600; total 4,000.
    // Covered 4,000 less the 10% copay = 3,600; the LOA's 3,000 is the least, so the member pays 1,000.
    expect(invoice.total).toBe(4_000);
    expect(invoice.payer_id).toBe(hmo.id);
    expect(invoice.payer_share).toBe(3_000);
    expect(invoice.member_share).toBe(1_000);
    expect(invoice.balance).toBe(1_000);
    expect(invoice.credited_total).toBe(0);
    const used = expectContract(await admin.get(`/api/loas/${letter.id}`), 200, GetLoaResponse);
    expect(used.status).toBe('used');
    expect(used.invoice_id).toBe(invoice.id);
    const read = expectContract(await admin.get(`/api/benefits/${plan.id}`), 200, CreateBenefitResponse);
    expect(read.used).toBe(3_000);
    expect(read.remaining).toBe(7_000);

    // An LOA is used once.
    const again = await admin.post('/api/invoices', sale(member.id, letter.id, [{ item_id: lensId, unit_price: 500 }]));
    expect(again.status).toBe(422);
    expect(errorsOf(again).loa_id?.[0]).toContain(`already used on invoice ${invoice.number}`);
  });

  it('never lets two invoices racing for the last of a cap take more than the cap, nor one LOA twice', async () => {
    const hmo = await contact({ contact_type_id: payerTypeId, name: 'Intellicare Test', payer_kind: 'hmo' });
    const member = await contact({ contact_type_id: customerTypeId, name: 'Racing Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'IC-7',
      plan_year_start: '2025-06-01',
      annual_cap: 1_000,
    });
    const first = await loa(plan.id, 'LOA-IC-1', 800);
    const second = await loa(plan.id, 'LOA-IC-2', 800);
    const made = await Promise.all([
      admin.post('/api/invoices', sale(member.id, first.id, [{ item_id: lensId, unit_price: 1_000 }])),
      admin.post('/api/invoices', sale(member.id, second.id, [{ item_id: lensId, unit_price: 1_000 }])),
    ]);
    const shares = made.map((answer) => expectContract(answer, 201, CreateInvoiceResponse).payer_share);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(1_000);
    expect([...shares].sort()).toEqual([200, 800]);

    const third = await loa(plan.id, 'LOA-IC-3', 800);
    const twice = await Promise.all([
      admin.post('/api/invoices', sale(member.id, third.id, [{ item_id: lensId, unit_price: 100 }])),
      admin.post('/api/invoices', sale(member.id, third.id, [{ item_id: lensId, unit_price: 100 }])),
    ]);
    expect(twice.map((answer) => answer.status).sort()).toEqual([201, 422]);
  });
});

describe("PhilHealth's optometry package", () => {
  it('pays ₱2,500 once a year for a child at an accredited clinic and says when the first was', async () => {
    const philHealth = await contact({
      contact_type_id: payerTypeId,
      name: 'PhilHealth Test',
      payer_kind: 'philhealth',
    });
    const child = await contact({ contact_type_id: customerTypeId, name: 'Bunso Cruz', birth_date: '2016-05-01' });
    const plan = await benefit({
      contact_id: child.id,
      payer_id: philHealth.id,
      member_number: 'PH-12-345678901-2',
      plan_year_start: '2026-01-01',
      annual_cap: 2_500,
    });
    const first = await loa(plan.id, 'PH-LOA-1', 2_500);
    const lines = [
      { item_id: frameId, unit_price: 1_800 },
      { item_id: lensId, unit_price: 1_200 },
    ];
    const refused = await admin.post('/api/invoices', sale(child.id, first.id, lines));
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).loa_id?.[0]).toContain('accredited');
    const business = admin.businessId ?? 0;
    await admin.patch(`/api/businesses/${business}`, { philhealth_accredited: true });
    const invoice = expectContract(
      await admin.post('/api/invoices', sale(child.id, first.id, lines)),
      201,
      CreateInvoiceResponse,
    );
    expect(invoice.total).toBe(3_000);
    expect(invoice.payer_share).toBe(2_500);
    expect(invoice.member_share).toBe(500);
    expect(invoice.balance).toBe(500);

    const second = await loa(plan.id, 'PH-LOA-2', 2_500);
    const again = await admin.post('/api/invoices', sale(child.id, second.id, lines));
    expect(again.status).toBe(422);
    expect(errorsOf(again).loa_id?.[0]).toBe(
      `Bunso Cruz already had PhilHealth's package this year, on ${today} (invoice ${invoice.number}).`,
    );
  });
});

describe("a payer's claim, payment and aging", () => {
  it('claims the unclaimed shares, takes a payment net of 1% with its 2307 and bills a disallowed line to the member', async () => {
    const hmo = await contact({ contact_type_id: payerTypeId, name: 'Claims HMO', payer_kind: 'hmo' });
    const member = await contact({ contact_type_id: customerTypeId, name: 'Claims Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'CH-1',
      plan_year_start: '2026-01-01',
      annual_cap: 50_000,
    });
    const invoices = [];
    for (const [index, price] of [1_500, 2_000].entries()) {
      const letter = await loa(plan.id, `CH-LOA-${index}`, 5_000);
      invoices.push(
        expectContract(
          await admin.post('/api/invoices', sale(member.id, letter.id, [{ item_id: lensId, unit_price: price }])),
          201,
          CreateInvoiceResponse,
        ),
      );
    }
    const aging = async () =>
      expectContract(
        await admin.get(`/api/reports/payer-aging?contact_id=${hmo.id}`),
        200,
        GetPayerAgingReportResponse,
      );
    expect((await aging()).totals.total).toBe(3_500);

    const claim = expectContract(
      await admin.post('/api/payer-claims', { payer_id: hmo.id, period_from: today, period_to: today }),
      201,
      CreatePayerClaimResponse,
    );
    expect(claim.number.startsWith('HC')).toBe(true);
    expect(claim.total).toBe(3_500);
    expect(claim.lines.map((line) => [line.invoice_number, line.amount, line.status])).toEqual([
      [invoices[0]?.number, 1_500, 'open'],
      [invoices[1]?.number, 2_000, 'open'],
    ]);
    const early = await admin.post(`/api/payer-claims/${claim.id}/payments`, {
      amount_received: 1,
      tax_withheld: 0,
      payment_date: today,
      lines: [{ invoice_id: invoices[0]?.id, paid: 1 }],
    });
    expect(early.status).toBe(422);
    const submitted = expectContract(
      await admin.post(`/api/payer-claims/${claim.id}/submit`, {}),
      200,
      SubmitPayerClaimResponse,
    );
    expect(submitted.status).toBe('submitted');

    // The payer pays the first line and 1,700 of the second, disallowing 300: 3,200 less 1% withheld.
    const short = await admin.post(`/api/payer-claims/${claim.id}/payments`, {
      amount_received: 3_168,
      tax_withheld: 31,
      payment_date: today,
      lines: [
        { invoice_id: invoices[0]?.id, paid: 1_500 },
        { invoice_id: invoices[1]?.id, paid: 1_700, disallowed: 300, reason: 'Tint not covered' },
      ],
    });
    expect(short.status).toBe(422);
    expect(errorsOf(short).amount_received).toBeDefined();
    const paid = expectContract(
      await admin.post(`/api/payer-claims/${claim.id}/payments`, {
        amount_received: 3_168,
        tax_withheld: 32,
        form_2307_number: '2307-2026-11-001',
        payment_date: today,
        lines: [
          { invoice_id: invoices[0]?.id, paid: 1_500 },
          { invoice_id: invoices[1]?.id, paid: 1_700, disallowed: 300, reason: 'Tint not covered' },
        ],
      }),
      200,
      RecordPayerClaimPaymentResponse,
    );
    expect(paid.status).toBe('paid');
    expect(paid.outstanding).toBe(0);
    expect(paid.payments[0]).toMatchObject({
      amount_received: 3_168,
      tax_withheld: 32,
      form_2307_number: '2307-2026-11-001',
    });
    expect(paid.lines.map((line) => line.status)).toEqual(['paid', 'disallowed']);
    const rebilled = expectContract(await admin.get(`/api/invoices/${invoices[1]?.id}`), 200, GetInvoiceResponse);
    expect(rebilled.payer_share).toBe(1_700);
    expect(rebilled.member_share).toBe(300);
    expect(rebilled.balance).toBe(300);
    expect((await aging()).totals.total).toBe(0);
  });

  it('ages a payer at the sum of its unpaid claims', async () => {
    const hmo = await contact({
      contact_type_id: payerTypeId,
      name: 'Aging HMO',
      payer_kind: 'hmo',
      claim_terms_days: 30,
    });
    const member = await contact({ contact_type_id: customerTypeId, name: 'Aging Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'AG-1',
      plan_year_start: '2026-01-01',
      annual_cap: 50_000,
    });
    const letter = await loa(plan.id, 'AG-LOA-1', 1_234.56);
    await admin.post('/api/invoices', sale(member.id, letter.id, [{ item_id: lensId, unit_price: 2_000 }]));
    const claim = expectContract(
      await admin.post('/api/payer-claims', { payer_id: hmo.id, period_from: today, period_to: today }),
      201,
      CreatePayerClaimResponse,
    );
    const report = expectContract(
      await admin.get(`/api/reports/payer-aging?contact_id=${hmo.id}`),
      200,
      GetPayerAgingReportResponse,
    );
    expect(report.totals.total).toBe(claim.outstanding);
    expect(report.totals.not_due).toBe(1_234.56);
    const outstanding = expectContract(
      await admin.get(`/api/reports/claims-outstanding?payer_id=${hmo.id}`),
      200,
      GetClaimsOutstandingReportResponse,
    );
    expect(outstanding.totals.outstanding).toBe(report.totals.total);
    const used = expectContract(
      await admin.get(`/api/reports/benefits-used?payer_id=${hmo.id}`),
      200,
      GetBenefitsUsedReportResponse,
    );
    expect(used.rows.map((row) => [row.member_number, row.used, row.remaining])).toEqual([
      ['AG-1', 1_234.56, 48_765.44],
    ]);
  });
});

describe('the payer aging as of a past day', () => {
  it('counts only the payments and disallowances dated by then', async () => {
    const hmo = await contact({ contact_type_id: payerTypeId, name: 'As-of HMO', payer_kind: 'hmo' });
    const member = await contact({ contact_type_id: customerTypeId, name: 'As-of Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'AO-1',
      plan_year_start: '2026-01-01',
      annual_cap: 50_000,
    });
    const yesterday = '2026-11-20';
    const invoices = [];
    for (const [index, price] of [1_000, 2_000].entries()) {
      const letter = await loa(plan.id, `AO-LOA-${index}`, 5_000);
      invoices.push(
        expectContract(
          await admin.post('/api/invoices', {
            ...sale(member.id, letter.id, [{ item_id: lensId, unit_price: price }]),
            invoice_date: yesterday,
          }),
          201,
          CreateInvoiceResponse,
        ),
      );
    }
    const claim = expectContract(
      await admin.post('/api/payer-claims', { payer_id: hmo.id, period_from: yesterday, period_to: yesterday }),
      201,
      CreatePayerClaimResponse,
    );
    await admin.post(`/api/payer-claims/${claim.id}/submit`, {});
    // Today the payer pays the first in full net of 1% and disallows 500 of the second, back to the member.
    const paid = expectContract(
      await admin.post(`/api/payer-claims/${claim.id}/payments`, {
        amount_received: 990,
        tax_withheld: 10,
        payment_date: today,
        payment_method: 'bank_transfer',
        lines: [
          { invoice_id: invoices[0]?.id, paid: 1_000 },
          { invoice_id: invoices[1]?.id, disallowed: 500, reason: 'Frame upgrade not covered' },
        ],
      }),
      200,
      RecordPayerClaimPaymentResponse,
    );
    expect(paid.payments[0]?.payment_method).toBe('bank_transfer');
    const asOf = async (day: string) =>
      expectContract(
        await admin.get(`/api/reports/payer-aging?contact_id=${hmo.id}&as_of=${day}`),
        200,
        GetPayerAgingReportResponse,
      ).totals.total;
    expect(await asOf(yesterday)).toBe(3_000);
    expect(await asOf(today)).toBe(1_500);
  });
});

describe("a payment's Form 2307 that comes later", () => {
  it('takes the number on the payment and leaves the 2307s-pending report', async () => {
    const hmo = await contact({ contact_type_id: payerTypeId, name: '2307 HMO', payer_kind: 'hmo' });
    const member = await contact({ contact_type_id: customerTypeId, name: '2307 Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'TF-1',
      plan_year_start: '2026-01-01',
      annual_cap: 5_000,
    });
    const letter = await loa(plan.id, 'TF-LOA-1', 1_000);
    const invoice = expectContract(
      await admin.post('/api/invoices', sale(member.id, letter.id, [{ item_id: lensId, unit_price: 1_000 }])),
      201,
      CreateInvoiceResponse,
    );
    const claim = expectContract(
      await admin.post('/api/payer-claims', { payer_id: hmo.id, period_from: today, period_to: today }),
      201,
      CreatePayerClaimResponse,
    );
    await admin.post(`/api/payer-claims/${claim.id}/submit`, {});
    const paid = expectContract(
      await admin.post(`/api/payer-claims/${claim.id}/payments`, {
        amount_received: 990,
        tax_withheld: 10,
        payment_date: today,
        payment_method: 'check',
        lines: [{ invoice_id: invoice.id, paid: 1_000 }],
      }),
      200,
      RecordPayerClaimPaymentResponse,
    );
    const paymentId = paid.payments[0]?.id ?? 0;
    const pending = async () =>
      expectContract(
        await admin.get(`/api/reports/form-2307s-pending?payer_id=${hmo.id}`),
        200,
        GetForm2307sPendingReportResponse,
      ).rows.length;
    expect(await pending()).toBe(1);
    const blank = await admin.patch(`/api/payer-claims/${claim.id}/payments/${paymentId}`, { form_2307_number: ' ' });
    expect(blank.status).toBe(422);
    expect(errorsOf(blank).form_2307_number).toBeDefined();
    const elsewhere = await admin.patch(`/api/payer-claims/${claim.id}/payments/${paymentId + 10_000}`, {
      form_2307_number: '2307-X',
    });
    expect(elsewhere.status).toBe(404);
    const received = expectContract(
      await admin.patch(`/api/payer-claims/${claim.id}/payments/${paymentId}`, {
        form_2307_number: '2307-2026-12-004',
      }),
      200,
      UpdatePayerClaimPaymentResponse,
    );
    expect(received.payments[0]?.form_2307_number).toBe('2307-2026-12-004');
    expect(await pending()).toBe(0);
  });
});

describe('voids, write-offs and the demo', () => {
  it('gives the LOA back when its invoice is voided, and refuses the void while a claim holds the share', async () => {
    const hmo = await contact({ contact_type_id: payerTypeId, name: 'Void HMO', payer_kind: 'hmo' });
    const member = await contact({ contact_type_id: customerTypeId, name: 'Void Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'VD-1',
      plan_year_start: '2026-01-01',
      annual_cap: 5_000,
    });
    const letter = await loa(plan.id, 'VD-LOA-1', 1_000);
    const invoice = expectContract(
      await admin.post('/api/invoices', sale(member.id, letter.id, [{ item_id: lensId, unit_price: 1_500 }])),
      201,
      CreateInvoiceResponse,
    );
    expect((await admin.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
    const back = expectContract(await admin.get(`/api/loas/${letter.id}`), 200, GetLoaResponse);
    expect(back.status).toBe('approved');
    const again = expectContract(
      await admin.post('/api/invoices', sale(member.id, letter.id, [{ item_id: lensId, unit_price: 1_500 }])),
      201,
      CreateInvoiceResponse,
    );
    expectContract(
      await admin.post('/api/payer-claims', { payer_id: hmo.id, period_from: today, period_to: today }),
      201,
      CreatePayerClaimResponse,
    );
    const refused = await admin.delete(`/api/invoices/${again.id}`);
    expect(refused.status).toBe(422);
    expect((refused.json as { message: string }).message).toContain('void the claim first');
  });

  it("writes a disallowance off for the admin, leaving the member's balance as it was", async () => {
    const hmo = await contact({ contact_type_id: payerTypeId, name: 'Write-off HMO', payer_kind: 'hmo' });
    const member = await contact({ contact_type_id: customerTypeId, name: 'Write-off Member' });
    const plan = await benefit({
      contact_id: member.id,
      payer_id: hmo.id,
      member_number: 'WO-1',
      plan_year_start: '2026-01-01',
      annual_cap: 5_000,
    });
    const letter = await loa(plan.id, 'WO-LOA-1', 1_000);
    const invoice = expectContract(
      await admin.post('/api/invoices', sale(member.id, letter.id, [{ item_id: lensId, unit_price: 1_500 }])),
      201,
      CreateInvoiceResponse,
    );
    const claim = expectContract(
      await admin.post('/api/payer-claims', { payer_id: hmo.id, period_from: today, period_to: today }),
      201,
      CreatePayerClaimResponse,
    );
    await admin.post(`/api/payer-claims/${claim.id}/submit`, {});
    const paid = expectContract(
      await admin.post(`/api/payer-claims/${claim.id}/payments`, {
        amount_received: 891,
        tax_withheld: 9,
        payment_date: today,
        lines: [{ invoice_id: invoice.id, paid: 900, disallowed: 100, reason: 'Late filing', write_off: true }],
      }),
      200,
      RecordPayerClaimPaymentResponse,
    );
    expect(paid.lines[0]?.status).toBe('written_off');
    expect(paid.payments[0]?.form_2307_number).toBeNull();
    const pending = expectContract(
      await admin.get(`/api/reports/form-2307s-pending?payer_id=${hmo.id}`),
      200,
      GetForm2307sPendingReportResponse,
    );
    expect(pending.rows.map((row) => [row.claim_number, row.tax_withheld])).toEqual([[claim.number, 9]]);
    const read = expectContract(await admin.get(`/api/invoices/${invoice.id}`), 200, GetInvoiceResponse);
    expect(read.balance).toBe(500);
    const aging = expectContract(
      await admin.get(`/api/reports/payer-aging?contact_id=${hmo.id}`),
      200,
      GetPayerAgingReportResponse,
    );
    expect(aging.totals.total).toBe(0);
  });

  it("shows the demo's payers, a month's claim paid net of 1% with its 2307 and a line billed back", async () => {
    const claims = await api.db
      .selectFrom('payer_claims')
      .innerJoin('contacts', 'contacts.id', 'payer_claims.payer_id')
      .select(['payer_claims.id', 'contacts.name'])
      .where('contacts.name', 'like', 'Maxicare%')
      .execute();
    expect(claims).toHaveLength(1);
    const claim = expectContract(
      await admin.get(`/api/payer-claims/${claims[0]?.id}`),
      200,
      RecordPayerClaimPaymentResponse,
    );
    // Paid in two parts net of 1%: the first with its 2307, the second's still to come; half a line still owed.
    expect(claim.status).toBe('partly_paid');
    const [payment, later] = claim.payments;
    expect(payment?.form_2307_number).toMatch(/^2307-/);
    expect(later?.form_2307_number ?? null).toBeNull();
    const gross = (payment?.amount_received ?? 0) + (payment?.tax_withheld ?? 0);
    expect(Math.round(((payment?.tax_withheld ?? 0) / gross) * 100)).toBe(1);
    expect(claim.lines[0]?.status).toBe('paid');
    const kinds = await api.db
      .selectFrom('contacts')
      .select('payer_kind')
      .where('payer_kind', 'is not', null)
      .execute();
    expect(kinds.filter((row) => row.payer_kind === 'philhealth').length).toBeGreaterThanOrEqual(1);
  });

  // The payer's statement and its balance read what Payer Aging reads: the shares less what it paid and wrote off.
  it("gives the demo's HMO a statement and a balance equal to its aging, its payments and disallowance listed", async () => {
    const maxicare = await api.db
      .selectFrom('contacts')
      .select('id')
      .where('name', 'like', 'Maxicare%')
      .executeTakeFirstOrThrow();
    const statement = expectContract(
      await admin.get(`/api/contacts/${maxicare.id}/statement`),
      200,
      GetContactStatementResponse,
    );
    const aging = expectContract(
      await admin.get(`/api/reports/payer-aging?contact_id=${maxicare.id}`),
      200,
      GetPayerAgingReportResponse,
    );
    const view = expectContract(await admin.get(`/api/contacts/${maxicare.id}`), 200, GetContactResponse);
    expect(aging.totals.total).toBeGreaterThan(0);
    expect(statement.closing_balance).toBe(aging.totals.total);
    expect(view.balance).toBe(aging.totals.total);
    const kinds = statement.entries.map((entry) => entry.kind);
    expect(kinds).toContain('invoice');
    expect(kinds.filter((kind) => kind === 'invoice_payment')).toHaveLength(2);
    expect(statement.entries.some((entry) => entry.description.startsWith('Disallowed on claim HC-'))).toBe(true);
  });
});
