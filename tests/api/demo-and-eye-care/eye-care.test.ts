import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { GetDocumentNumberTotalCountResponse } from '../../../generated/zod/documents/documents.zod.ts';
import { CreateInvoicePaymentResponse } from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { CreateInvoiceResponse, GetInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import {
  CancelAndCreditJobOrderResponse,
  CreateJobOrderResponse,
  GetJobOrderResponse,
  LinkJobOrderInvoiceResponse,
  ListJobOrdersResponse,
  MoveJobOrderStatusResponse,
  UpdateJobOrderResponse,
} from '../../../generated/zod/job-orders/job-orders.zod.ts';
import {
  CreatePrescriptionResponse,
  ListPrescriptionsResponse,
  UpdatePrescriptionResponse,
} from '../../../generated/zod/prescriptions/prescriptions.zod.ts';
import { CreatePurchaseOrderResponse } from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import {
  CreateQuotationResponse,
  GetQuotationResponse,
  SearchQuotationsResponse,
} from '../../../generated/zod/quotations/quotations.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let otherPatientId: number;
let lensTypeId: number;
const today = businessDate(new Date());
const daysFrom = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const spectacles = (overrides: Record<string, unknown> = {}) => ({
  contact_id: fixture.customerId,
  kind: 'spectacles',
  examined_on: daysFrom(today, -30),
  od_sphere: -2.25,
  od_cylinder: -0.75,
  od_axis: 180,
  os_sphere: -2,
  pd_distance: 62,
  ...overrides,
});

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  const customerType = await api.db
    .selectFrom('contact_types')
    .select('id')
    .where('business_id', '=', fixture.businessId)
    .where('name', '=', 'Customer')
    .executeTakeFirstOrThrow();
  const other = await admin.post('/api/contacts', { contact_type_id: customerType.id, name: 'Jose Reyes' });
  otherPatientId = (other.json as { id: number }).id;
  // The fixture's Frame type holds frames; the second item becomes an ophthalmic lens ground to order (no power of
  // its own), as a lens line needs.
  const frameType = await api.db
    .selectFrom('items')
    .select('item_type_id')
    .where('id', '=', fixture.itemIds[0])
    .executeTakeFirstOrThrow();
  await api.db
    .updateTable('item_types')
    .set({ optical_kind: 'frame' })
    .where('id', '=', frameType.item_type_id)
    .execute();
  const lensType = await admin.post('/api/item-types', { name: 'Ophthalmic Lens', optical_kind: 'ophthalmic_lens' });
  lensTypeId = (lensType.json as { id: number }).id;
  await api.db.updateTable('items').set({ item_type_id: lensTypeId }).where('id', '=', fixture.itemIds[1]).execute();
});

afterAll(() => api.close());

describe('prescriptions', () => {
  it('stores a plus-cylinder entry in minus form and expires it a year after the exam', async () => {
    const created = expectContract(
      await admin.post(
        '/api/prescriptions',
        spectacles({ examined_on: '2026-03-14', od_sphere: -1, od_cylinder: 0.5, od_axis: 90 }),
      ),
      201,
      CreatePrescriptionResponse,
    );
    expect(created).toMatchObject({
      od_sphere: -0.5,
      od_cylinder: -0.5,
      od_axis: 180,
      expires_on: '2027-03-14',
      contact_name: 'Maria Santos',
      is_used: false,
    });
  });

  it.each([
    ['od_sphere', { od_sphere: 30.25 }],
    ['od_sphere', { od_sphere: -2.3 }],
    ['os_cylinder', { os_cylinder: -10.25, os_axis: 90 }],
    ['os_cylinder', { os_cylinder: -0.3, os_axis: 90 }],
    ['od_add', { od_add: 4.25 }],
    ['os_add', { os_add: 0.1 }],
    ['od_axis', { od_cylinder: -0.75, od_axis: null }],
    ['os_axis', { os_axis: 90 }],
    ['od_axis', { od_axis: 181 }],
    ['od_prism', { od_prism: 20.25, od_prism_base: 'in' }],
    ['od_prism_base', { od_prism: 1 }],
    ['pd_distance', { pd_distance: 39.5 }],
    ['pd_distance', { pd_distance: 62.2 }],
    ['pd_os', { pd_distance: null, pd_od: 31 }],
    ['pd_od', { pd_od: 41, pd_os: 31 }],
    ['segment_height_od', { segment_height_od: 41 }],
    ['od_base_curve', { od_base_curve: 8.6 }],
    ['expires_on', { expires_on: daysFrom(today, -31) }],
  ])('refuses a bad %s with a 422 naming it', async (field, overrides) => {
    const answer = await admin.post('/api/prescriptions', spectacles(overrides));
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors)).toContain(field);
  });

  it('checks contact-lens fits in 0.1 mm steps', async () => {
    const good = await admin.post(
      '/api/prescriptions',
      spectacles({ kind: 'contact_lenses', od_base_curve: 8.6, od_diameter: 14.2 }),
    );
    expect(good.status).toBe(201);
    const bad = await admin.post('/api/prescriptions', spectacles({ kind: 'contact_lenses', os_diameter: 14.25 }));
    expect(Object.keys((bad.json as { errors: object }).errors)).toEqual(['os_diameter']);
  });

  it('is for a customer only', async () => {
    const answer = await admin.post('/api/prescriptions', spectacles({ contact_id: fixture.supplierId }));
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ errors: { contact_id: ['The patient must be a customer.'] } });
  });

  it('lists a patient’s prescriptions and tells the expired ones', async () => {
    await admin.post('/api/prescriptions', spectacles({ examined_on: '2023-01-10', contact_id: otherPatientId }));
    await admin.post('/api/prescriptions', spectacles({ contact_id: otherPatientId }));
    const all = expectContract(
      await admin.get(`/api/prescriptions?contact_id=${otherPatientId}`),
      200,
      ListPrescriptionsResponse,
    );
    expect(all.data.map((rx) => rx.status)).toEqual(['valid', 'expired']);
    const expired = expectContract(
      await admin.get(`/api/prescriptions?contact_id=${otherPatientId}&status=expired`),
      200,
      ListPrescriptionsResponse,
    );
    expect(expired.data.map((rx) => rx.examined_on)).toEqual(['2023-01-10']);
    const found = await admin.get('/api/prescriptions/search?q=Jose');
    expect((found.json as unknown[]).length).toBe(2);
  });
});

describe('job orders', () => {
  let prescriptionId: number;

  const lines = () => [
    { role: 'frame', item_id: fixture.itemIds[0], quantity: 1, unit_price: 3500 },
    { role: 'lens_od', item_id: fixture.itemIds[1], quantity: 1, unit_price: 1500 },
    { role: 'lens_os', item_id: fixture.itemIds[1], quantity: 1, unit_price: 1500 },
    { role: 'service', item_id: fixture.serviceItemId, quantity: 1, unit_price: 500, discount_percent: 10 },
  ];
  const order = (overrides: Record<string, unknown> = {}) => ({
    contact_id: fixture.customerId,
    branch_id: fixture.branchIds[0],
    prescription_id: prescriptionId,
    order_date: today,
    promised_date: daysFrom(today, 3),
    frame_a: 52,
    frame_b: 38.5,
    frame_dbl: 18,
    frame_ed: 56,
    lines: lines(),
    ...overrides,
  });

  beforeAll(async () => {
    const rx = await admin.post('/api/prescriptions', spectacles());
    prescriptionId = (rx.json as { id: number }).id;
  });

  it('numbers a JO from the branch counter, totals it like an invoice and records who opened it', async () => {
    const before = expectContract(
      await admin.post('/api/documents/get-number-total-count', {
        document_name: 'job-order',
        branch_id: fixture.branchIds[0],
      }),
      200,
      GetDocumentNumberTotalCountResponse,
    );
    const created = expectContract(
      await admin.post('/api/job-orders', order(), { headers: { 'idempotency-key': 'jo-1' } }),
      201,
      CreateJobOrderResponse,
    );
    const ymd = businessDate(new Date()).replaceAll('-', '');
    const branch = String(fixture.branchIds[0]).padStart(5, '0');
    expect(created.number).toBe(`JO-${ymd}-B${branch}-${String(before.total + 1).padStart(8, '0')}`);
    expect(created).toMatchObject({
      status: 'open',
      lab: 'in_house',
      subtotal: 7000,
      discount_total: 50,
      total: 6950,
      frame_b: 38.5,
      prescription: { id: prescriptionId, od_sphere: -2.25 },
      status_history: [{ status: 'open', user_name: 'owner' }],
      invoice_id: null,
    });
    expect(created.lines.map((line) => line.role)).toEqual(['frame', 'lens_od', 'lens_os', 'service']);
    const again = await admin.post('/api/job-orders', order(), { headers: { 'idempotency-key': 'jo-1' } });
    expect((again.json as { id: number }).id).toBe(created.id);
  });

  it('needs the patient’s own unexpired prescription for a lens line', async () => {
    const none = await admin.post('/api/job-orders', order({ prescription_id: null }));
    expect(none.status).toBe(422);
    expect(Object.keys((none.json as { errors: object }).errors)).toEqual(['prescription_id']);
    const frameOnly = await admin.post(
      '/api/job-orders',
      order({ prescription_id: null, lines: [lines()[0]], customer_frame: false }),
    );
    expect(frameOnly.status).toBe(201);
    const theirs = await admin.post('/api/prescriptions', spectacles({ contact_id: otherPatientId }));
    const foreign = await admin.post('/api/job-orders', order({ prescription_id: (theirs.json as { id: number }).id }));
    expect(foreign.json).toMatchObject({
      errors: { prescription_id: ['The prescription must be the patient’s own.'] },
    });
    const old = await admin.post('/api/prescriptions', spectacles({ examined_on: '2024-01-05' }));
    const expired = await admin.post('/api/job-orders', order({ prescription_id: (old.json as { id: number }).id }));
    expect(expired.status).toBe(422);
    expect(Object.keys((expired.json as { errors: object }).errors)).toEqual(['prescription_id']);
    const onTheDay = await admin.post(
      '/api/job-orders',
      order({ prescription_id: (old.json as { id: number }).id, order_date: '2025-01-05' }),
    );
    expect(onTheDay.status).toBe(201);
  });

  it('names a supplier as the outside lab', async () => {
    const missing = await admin.post('/api/job-orders', order({ lab: 'outside' }));
    expect(Object.keys((missing.json as { errors: object }).errors)).toEqual(['lab_contact_id']);
    const customer = await admin.post('/api/job-orders', order({ lab: 'outside', lab_contact_id: otherPatientId }));
    expect(customer.json).toMatchObject({ errors: { lab_contact_id: ['The lab must be a supplier.'] } });
    const good = expectContract(
      await admin.post('/api/job-orders', order({ lab: 'outside', lab_contact_id: fixture.supplierId })),
      201,
      CreateJobOrderResponse,
    );
    expect(good.lab_contact_name).toBe('Lens Supply Co.');
    const patient = await admin.post('/api/job-orders', order({ contact_id: fixture.supplierId }));
    expect(patient.json).toMatchObject({ errors: { contact_id: ['The patient must be a customer.'] } });
  });

  it('moves open → in_lab → ready → claimed only with the invoice paid, recording every move', async () => {
    const created = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    const move = (status: string) => admin.patch(`/api/job-orders/${created.id}/status`, { status });
    const skip = await move('ready');
    expect(skip.status).toBe(422);
    expect(Object.keys((skip.json as { errors: object }).errors)).toEqual(['status']);
    expectContract(await move('in_lab'), 200, MoveJobOrderStatusResponse);
    expect((await admin.patch(`/api/job-orders/${created.id}`, { notes: 'late change' })).status).toBe(409);
    expectContract(await move('ready'), 200, MoveJobOrderStatusResponse);
    expect((await move('cancelled')).status).toBe(422);
    const unbilled = await move('claimed');
    expect(unbilled.status).toBe(422);

    const wrongPatient = await admin.post('/api/invoices', {
      contact_id: otherPatientId,
      branch_id: fixture.branchIds[0],
      invoice_date: today,
      job_order_id: created.id,
      lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 2000 }],
    });
    expect(Object.keys((wrongPatient.json as { errors: object }).errors)).toEqual(['job_order_id']);
    const invoice = expectContract(
      await admin.post('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: fixture.branchIds[0],
        invoice_date: today,
        job_order_id: created.id,
        lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 2000 }],
      }),
      201,
      CreateInvoiceResponse,
    );
    expect(invoice.job_order_id).toBe(created.id);
    const second = await admin.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: fixture.branchIds[0],
      invoice_date: today,
      job_order_id: created.id,
      lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 1 }],
    });
    expect(second.status).toBe(422);
    expectContract(
      await admin.post('/api/invoice-payments', {
        invoice_id: invoice.id,
        payment_date: today,
        amount: 765.5,
        payment_method: 'cash',
      }),
      201,
      CreateInvoicePaymentResponse,
    );
    const owing = await move('claimed');
    expect(owing.status).toBe(422);
    expect((owing.json as { message: string }).message).toContain('₱1,234.50');
    const read = expectContract(await admin.get(`/api/job-orders/${created.id}`), 200, GetJobOrderResponse);
    expect(read).toMatchObject({ invoice_id: invoice.id, invoice_number: invoice.number, invoice_balance: 1234.5 });

    await admin.post('/api/invoice-payments', {
      invoice_id: invoice.id,
      payment_date: today,
      amount: 1234.5,
      payment_method: 'card',
    });
    const claimed = expectContract(await move('claimed'), 200, MoveJobOrderStatusResponse);
    expect(claimed.status_history.map((change) => [change.status, change.user_name])).toEqual([
      ['open', 'owner'],
      ['in_lab', 'owner'],
      ['ready', 'owner'],
      ['claimed', 'owner'],
    ]);
    expect((await move('open')).status).toBe(422);
    const history = (await admin.get(`/api/job-orders/${created.id}/history`)).json as {
      action: string;
      changes: Record<string, unknown>;
    }[];
    expect(history.filter((entry) => entry.action === 'status').map((entry) => entry.changes.status)).toEqual([
      ['ready', 'claimed'],
      ['in_lab', 'ready'],
      ['open', 'in_lab'],
    ]);
    expect((await admin.delete(`/api/job-orders/${created.id}`)).status).toBe(422);
  });

  it('cancels from open or in the lab', async () => {
    const first = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    expect((await admin.patch(`/api/job-orders/${first.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const second = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    await admin.patch(`/api/job-orders/${second.id}/status`, { status: 'in_lab' });
    expect((await admin.patch(`/api/job-orders/${second.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const invoice = await admin.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: fixture.branchIds[0],
      invoice_date: today,
      job_order_id: first.id,
      lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 1 }],
    });
    expect(invoice.status).toBe(422);
  });

  it('links an invoice made before the order, after which the order is claimed on it', async () => {
    const sell = (overrides: Record<string, unknown> = {}) =>
      admin.post('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: fixture.branchIds[0],
        invoice_date: today,
        lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 1500 }],
        ...overrides,
      });
    const paidFirst = expectContract(await sell(), 201, CreateInvoiceResponse);
    const created = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    const link = (invoiceId: number, orderId = created.id) =>
      admin.post(`/api/job-orders/${orderId}/link-invoice`, { invoice_id: invoiceId });
    const refusedOn = async (answer: Promise<Awaited<ReturnType<TestClient['post']>>>, words: string) => {
      const refused = await answer;
      expect(refused.status).toBe(422);
      const { errors } = refused.json as { errors: Record<string, string[]> };
      expect(Object.keys(errors)).toEqual(['invoice_id']);
      expect(errors.invoice_id?.[0]).toContain(words);
    };

    const otherPatient = expectContract(await sell({ contact_id: otherPatientId }), 201, CreateInvoiceResponse);
    await refusedOn(link(otherPatient.id), 'patient');
    const otherBranch = expectContract(await sell({ branch_id: fixture.branchIds[1] }), 201, CreateInvoiceResponse);
    await refusedOn(link(otherBranch.id), 'branch');
    const voided = expectContract(await sell(), 201, CreateInvoiceResponse);
    await admin.delete(`/api/invoices/${voided.id}`);
    await refusedOn(link(voided.id), 'Choose an invoice from the list.');
    await refusedOn(link(999_999), 'Choose an invoice from the list.');

    const linked = expectContract(await link(paidFirst.id), 200, LinkJobOrderInvoiceResponse);
    expect(linked).toMatchObject({ invoice_id: paidFirst.id, invoice_number: paidFirst.number, invoice_balance: 1500 });
    const invoiceNow = expectContract(await admin.get(`/api/invoices/${paidFirst.id}`), 200, GetInvoiceResponse);
    expect(invoiceNow.job_order_id).toBe(created.id);
    const another = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    await refusedOn(link(paidFirst.id, another.id), created.number ?? 'JO');
    const second = expectContract(await sell(), 201, CreateInvoiceResponse);
    await refusedOn(link(second.id), 'already invoiced');

    for (const status of ['in_lab', 'ready']) {
      await admin.patch(`/api/job-orders/${created.id}/status`, { status });
    }
    await admin.post('/api/invoice-payments', {
      invoice_id: paidFirst.id,
      payment_date: today,
      amount: 1500,
      payment_method: 'cash',
    });
    const claimed = expectContract(
      await admin.patch(`/api/job-orders/${created.id}/status`, { status: 'claimed' }),
      200,
      MoveJobOrderStatusResponse,
    );
    expect(claimed.status).toBe('claimed');
    const history = (await admin.get(`/api/job-orders/${created.id}/history`)).json as {
      changes: Record<string, unknown>;
    }[];
    expect(
      history.some(
        (entry) => JSON.stringify(entry.changes.invoice_number) === JSON.stringify([null, paidFirst.number]),
      ),
    ).toBe(true);
  });

  it('refuses edits to a prescription a job order has used', async () => {
    const edit = await admin.patch(`/api/prescriptions/${prescriptionId}`, { notes: 'typo' });
    expect(edit.status).toBe(409);
    expect((edit.json as { message: string }).message).toContain('new prescription');
    const fresh = await admin.post('/api/prescriptions', spectacles());
    const changed = expectContract(
      await admin.patch(`/api/prescriptions/${(fresh.json as { id: number }).id}`, { os_cylinder: 1, os_axis: 10 }),
      200,
      UpdatePrescriptionResponse,
    );
    expect(changed).toMatchObject({ os_sphere: -1, os_cylinder: -1, os_axis: 100 });
  });

  it('edits an open order, lists by status, patient and promised date, and shows the due ones', async () => {
    const created = expectContract(
      await admin.post(
        '/api/job-orders',
        order({ order_date: daysFrom(today, -4), promised_date: daysFrom(today, -2) }),
      ),
      201,
      CreateJobOrderResponse,
    );
    const edited = expectContract(
      await admin.patch(`/api/job-orders/${created.id}`, { lines: [lines()[0]], fitting_notes: 'High wrap' }),
      200,
      UpdateJobOrderResponse,
    );
    expect(edited).toMatchObject({ total: 3500, fitting_notes: 'High wrap' });
    const listed = expectContract(
      await admin.get(
        `/api/job-orders?status=open&contact_id=${fixture.customerId}&promised_date_to=${daysFrom(today, -1)}`,
      ),
      200,
      ListJobOrdersResponse,
    );
    expect(listed.data.map((row) => row.id)).toEqual([created.id]);
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview.job_orders_due).toContainEqual(
      expect.objectContaining({ id: created.id, late: true, contact_name: 'Maria Santos' }),
    );
  });

  it('links a purchase order to the lab, and the job order stays while it does', async () => {
    const created = expectContract(
      await admin.post('/api/job-orders', order({ lab: 'outside', lab_contact_id: fixture.supplierId })),
      201,
      CreateJobOrderResponse,
    );
    const purchase = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        branch_id: fixture.branchIds[0],
        order_date: today,
        job_order_id: created.id,
        lines: [{ item_id: fixture.itemIds[1], quantity: 2, unit_cost: 600 }],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    expect(purchase.job_order_id).toBe(created.id);
    expect((await admin.delete(`/api/job-orders/${created.id}`)).status).toBe(422);
    await admin.delete(`/api/purchase-orders/${purchase.id}`);
    expect((await admin.delete(`/api/job-orders/${created.id}`)).status).toBe(200);
    expect((await admin.patch(`/api/job-orders/${created.id}/restore`)).status).toBe(200);
  });

  it('keeps another business’s records and the actions without permission out of reach', async () => {
    const created = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    const otherBusiness = await api.createBusiness('Other Optical');
    await api.createUser({
      email: 'stranger@example.test',
      permissions: ['view-job-orders', 'view-prescriptions', 'update-job-orders'],
      businessIds: [otherBusiness],
    });
    const stranger = await api.signIn('stranger@example.test');
    stranger.businessId = otherBusiness;
    expect((await stranger.get(`/api/job-orders/${created.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/prescriptions/${prescriptionId}`)).status).toBe(404);
    expect((await stranger.patch(`/api/job-orders/${created.id}/status`, { status: 'in_lab' })).status).toBe(404);
    await api.createUser({
      email: 'viewer@example.test',
      permissions: ['view-job-orders'],
      businessIds: [fixture.businessId],
    });
    const viewer = await api.signIn('viewer@example.test');
    viewer.businessId = fixture.businessId;
    expect((await viewer.get(`/api/job-orders/${created.id}`)).status).toBe(200);
    expect((await viewer.patch(`/api/job-orders/${created.id}/status`, { status: 'in_lab' })).status).toBe(403);
    expect((await viewer.post('/api/prescriptions', spectacles())).status).toBe(403);
  });
});

// docs/domain/eye-care.md: the order true to its invoice, Cancel and credit, the server's checks on an order.
describe('an order and its invoice', () => {
  let prescriptionId: number;
  const branchId = () => fixture.branchIds[0];
  const frameLine = (itemId = fixture.itemIds[0], price = 8990) => ({
    role: 'frame',
    item_id: itemId,
    quantity: 1,
    unit_price: price,
  });
  const order = (overrides: Record<string, unknown> = {}) => ({
    contact_id: fixture.customerId,
    branch_id: branchId(),
    prescription_id: prescriptionId,
    order_date: today,
    promised_date: daysFrom(today, 5),
    lines: [frameLine(), { role: 'lens_od', item_id: fixture.itemIds[1], quantity: 1, unit_price: 1000 }],
    ...overrides,
  });
  const onHand = async (itemId: number) =>
    Number(
      (
        await api.db
          .selectFrom('stocks')
          .select('quantity_on_hand')
          .where('item_id', '=', itemId)
          .where('branch_id', '=', branchId())
          .executeTakeFirst()
      )?.quantity_on_hand ?? 0,
    ) / 1000;
  let otherFrameId: number;
  let stockLensId: number;

  beforeAll(async () => {
    const rx = await admin.post('/api/prescriptions', spectacles({ od_sphere: -2, od_cylinder: -0.5, od_axis: 90 }));
    prescriptionId = (rx.json as { id: number }).id;
    const item = async (body: Record<string, unknown>) => {
      const made = await admin.post('/api/items', {
        unit_of_measurement_id: (
          await api.db
            .selectFrom('items')
            .select('unit_of_measurement_id')
            .where('id', '=', fixture.itemIds[0])
            .executeTakeFirstOrThrow()
        ).unit_of_measurement_id,
        is_inventory_tracked: true,
        ...body,
      });
      expect(made.status).toBe(201);
      return (made.json as { id: number }).id;
    };
    const frameType = await api.db
      .selectFrom('items')
      .select('item_type_id')
      .where('id', '=', fixture.itemIds[0])
      .executeTakeFirstOrThrow();
    otherFrameId = await item({ code: 'GG0396O', name: 'Gucci GG0396O', item_type_id: frameType.item_type_id });
    stockLensId = await item({
      code: 'SV-600-200',
      name: 'Single vision -6.00/-2.00',
      item_type_id: lensTypeId,
      sphere: -6,
      cylinder: -2,
    });
    const receipt = await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      branch_id: branchId(),
      received_date: today,
      lines: [
        { item_id: fixture.itemIds[0], quantity: 10, unit_cost: 3000 },
        { item_id: fixture.itemIds[1], quantity: 10, unit_cost: 300 },
        { item_id: otherFrameId, quantity: 2, unit_cost: 9000 },
      ],
    });
    expect(receipt.status).toBe(201);
  });

  async function invoiced(deposit: number) {
    const created = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    const invoice = expectContract(
      await admin.post('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: branchId(),
        invoice_date: today,
        job_order_id: created.id,
        lines: created.lines.map((line) => ({ item_id: line.item_id, quantity: 1, unit_price: line.unit_price })),
      }),
      201,
      CreateInvoiceResponse,
    );
    if (deposit > 0) {
      const paid = await admin.post('/api/invoice-payments', {
        invoice_id: invoice.id,
        payment_date: today,
        amount: deposit,
        payment_method: 'cash',
      });
      expect(paid.status).toBe(201);
    }
    return { created, invoice };
  }

  it('keeps an invoiced order’s lines, patient and prescription, and still takes a note or a new promised date', async () => {
    const { created } = await invoiced(0);
    const swapped = await admin.patch(`/api/job-orders/${created.id}`, {
      lines: [frameLine(otherFrameId, 21990), { role: 'lens_od', item_id: fixture.itemIds[1], quantity: 1 }],
    });
    expect(swapped.status).toBe(422);
    expect(Object.keys((swapped.json as { errors: object }).errors)).toEqual(['lines']);
    expect((swapped.json as { message: string }).message).toContain('cancel and credit');
    const otherPatient = await admin.patch(`/api/job-orders/${created.id}`, { contact_id: otherPatientId });
    expect(Object.keys((otherPatient.json as { errors: object }).errors)).toEqual(['contact_id']);
    const dropped = await admin.patch(`/api/job-orders/${created.id}`, { prescription_id: null });
    expect(Object.keys((dropped.json as { errors: object }).errors)).toContain('prescription_id');
    // The edit form sends the lines back as they are with a changed note: that is no change to what is billed.
    const noted = expectContract(
      await admin.patch(`/api/job-orders/${created.id}`, {
        notes: 'Call before noon',
        promised_date: daysFrom(today, 7),
        contact_id: fixture.customerId,
        lines: created.lines.map((line) => ({
          role: line.role,
          item_id: line.item_id,
          quantity: line.quantity,
          unit_price: line.unit_price,
          discount_percent: line.discount_percent,
        })),
      }),
      200,
      UpdateJobOrderResponse,
    );
    expect(noted).toMatchObject({ notes: 'Call before noon', promised_date: daysFrom(today, 7), total: 9990 });
    expect(noted.lines.map((line) => line.item_id)).toEqual([fixture.itemIds[0], fixture.itemIds[1]]);
  });

  it('cancels an invoiced order only with its credit: goods back on the shelf, the deposit kept as store credit', async () => {
    const framesBefore = await onHand(fixture.itemIds[0]);
    const { created, invoice } = await invoiced(4000);
    expect(await onHand(fixture.itemIds[0])).toBe(framesBefore - 1);
    const plain = await admin.patch(`/api/job-orders/${created.id}/status`, { status: 'cancelled' });
    expect(plain.status).toBe(422);
    expect((plain.json as { message: string }).message).toContain('Cancel and credit');
    const creditBefore = (await admin.get(`/api/contacts/${fixture.customerId}`)).json as {
      store_credit_balance: number;
    };
    const cancelled = expectContract(
      await admin.post(`/api/job-orders/${created.id}/cancel-and-credit`, {}),
      200,
      CancelAndCreditJobOrderResponse,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', invoice_id: invoice.id, invoice_balance: 0 });
    const credited = expectContract(await admin.get(`/api/invoices/${invoice.id}`), 200, GetInvoiceResponse);
    expect(credited).toMatchObject({ credited_total: 9990, amount_paid: 4000, balance: 0 });
    expect(await onHand(fixture.itemIds[0])).toBe(framesBefore);
    const creditAfter = (await admin.get(`/api/contacts/${fixture.customerId}`)).json as {
      store_credit_balance: number;
    };
    expect(creditAfter.store_credit_balance - creditBefore.store_credit_balance).toBe(4000);
    const again = await admin.post(`/api/job-orders/${created.id}/cancel-and-credit`, {});
    expect(again.status).toBe(422);
    expect(Object.keys((again.json as { errors: object }).errors)).toEqual(['status']);
    const memos = (await admin.get(`/api/credit-memos?invoice_id=${invoice.id}`)).json as { data: unknown[] };
    expect(memos.data).toHaveLength(1);
  });

  it('refunds the deposit when asked, and refuses without the right to make credit memos', async () => {
    const { created, invoice } = await invoiced(2000);
    await api.createUser({
      email: 'optician@example.test',
      permissions: ['view-job-orders', 'update-job-orders'],
      businessIds: [fixture.businessId],
    });
    const optician = await api.signIn('optician@example.test');
    optician.businessId = fixture.businessId;
    expect((await optician.post(`/api/job-orders/${created.id}/cancel-and-credit`, {})).status).toBe(403);
    const noMethod = await admin.post(`/api/job-orders/${created.id}/cancel-and-credit`, { settlement: 'refund' });
    expect(noMethod.status).toBe(422);
    expectContract(
      await admin.post(`/api/job-orders/${created.id}/cancel-and-credit`, {
        settlement: 'refund',
        refund_method: 'bank_transfer',
        refund_reference: 'BPI 0042',
      }),
      200,
      CancelAndCreditJobOrderResponse,
    );
    const memo = (
      (await admin.get(`/api/credit-memos?invoice_id=${invoice.id}`)).json as {
        data: { refund_amount: number; settlement: string }[];
      }
    ).data[0];
    expect(memo).toMatchObject({ settlement: 'refund', refund_amount: 2000 });
    const fresh = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    const uninvoiced = await admin.post(`/api/job-orders/${fresh.id}/cancel-and-credit`, {});
    expect((uninvoiced.json as { message: string }).message).toContain('no invoice');
  });

  it('checks the promised date, each line’s role against its item, and a stock lens against the prescription', async () => {
    const early = await admin.post('/api/job-orders', order({ promised_date: daysFrom(today, -1) }));
    expect(early.status).toBe(422);
    expect(Object.keys((early.json as { errors: object }).errors)).toEqual(['promised_date']);
    const frameAsLens = await admin.post(
      '/api/job-orders',
      order({ lines: [frameLine(), { ...frameLine(otherFrameId), role: 'lens_od' }] }),
    );
    expect(frameAsLens.status).toBe(422);
    expect(frameAsLens.json).toMatchObject({
      errors: { 'lines.1.item_id': ['A Lens OD line takes an ophthalmic or contact lens; Gucci GG0396O is a frame.'] },
    });
    const lensAsFrame = await admin.post(
      '/api/job-orders',
      order({ lines: [{ ...frameLine(fixture.itemIds[1]), role: 'frame' }] }),
    );
    expect(Object.keys((lensAsFrame.json as { errors: object }).errors)).toEqual(['lines.0.item_id']);
    const wrongPower = await admin.post(
      '/api/job-orders',
      order({ lines: [frameLine(), { role: 'lens_od', item_id: stockLensId, quantity: 1, unit_price: 1200 }] }),
    );
    expect(wrongPower.status).toBe(422);
    const message = (wrongPower.json as { errors: Record<string, string[]> }).errors['lines.1.item_id']?.[0];
    expect(message).toContain('-6.00/-2.00');
    expect(message).toContain('-2.00/-0.50');
    const noted = expectContract(
      await admin.post(
        '/api/job-orders',
        order({
          lines: [
            frameLine(),
            {
              role: 'lens_od',
              item_id: stockLensId,
              quantity: 1,
              unit_price: 1200,
              power_note: 'Patient asked for the stronger trial lens',
            },
          ],
        }),
      ),
      201,
      CreateJobOrderResponse,
    );
    expect(noted.lines[1]?.power_note).toBe('Patient asked for the stronger trial lens');
    const created = expectContract(await admin.post('/api/job-orders', order()), 201, CreateJobOrderResponse);
    const movedEarly = await admin.patch(`/api/job-orders/${created.id}`, { promised_date: daysFrom(today, -3) });
    expect(Object.keys((movedEarly.json as { errors: object }).errors)).toEqual(['promised_date']);
  });
});

// docs/domain/eye-care.md, Quotation to invoice.
describe('quotation to invoice', () => {
  const quote = async (contactId: number) =>
    expectContract(
      await admin.post('/api/quotations', {
        contact_id: contactId,
        branch_id: fixture.branchIds[0],
        quotation_date: today,
        lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 1500 }],
      }),
      201,
      CreateQuotationResponse,
    );
  const invoiceFrom = (quotationId: number, contactId = fixture.customerId) =>
    admin.post('/api/invoices', {
      contact_id: contactId,
      branch_id: fixture.branchIds[0],
      invoice_date: today,
      quotation_id: quotationId,
      lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 1500 }],
    });

  it('links a quotation to one invoice of its own customer, and each shows the other', async () => {
    const theirs = await quote(otherPatientId);
    const foreign = await invoiceFrom(theirs.id);
    expect(foreign.status).toBe(422);
    expect(Object.keys((foreign.json as { errors: object }).errors)).toEqual(['quotation_id']);
    expect((foreign.json as { message: string }).message).toContain('Jose Reyes');

    const ours = await quote(fixture.customerId);
    const open = expectContract(
      await admin.get(`/api/quotations/search?contact_id=${fixture.customerId}&uninvoiced=1`),
      200,
      SearchQuotationsResponse,
    );
    expect(open.map((row) => row.id)).toContain(ours.id);
    expect(open.map((row) => row.id)).not.toContain(theirs.id);
    const invoice = expectContract(await invoiceFrom(ours.id), 201, CreateInvoiceResponse);
    expect(invoice).toMatchObject({ quotation_id: ours.id, quotation_number: ours.number });
    const second = await invoiceFrom(ours.id);
    expect(second.status).toBe(422);
    expect((second.json as { errors: Record<string, string[]> }).errors.quotation_id?.[0]).toContain(invoice.number);
    const read = expectContract(await admin.get(`/api/quotations/${ours.id}`), 200, GetQuotationResponse);
    expect(read).toMatchObject({ invoice_id: invoice.id, invoice_number: invoice.number });
    const stillOpen = expectContract(
      await admin.get(`/api/quotations/search?contact_id=${fixture.customerId}&uninvoiced=1`),
      200,
      SearchQuotationsResponse,
    );
    expect(stillOpen.map((row) => row.id)).not.toContain(ours.id);
    // Voided, the invoice frees its quotation for another.
    expect((await admin.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
    expectContract(await invoiceFrom(ours.id), 201, CreateInvoiceResponse);
  });
});
