import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateCreditMemoResponse } from '../../../generated/zod/credit-memos/credit-memos.zod.ts';
import { GetDailySalesResponse } from '../../../generated/zod/reports/reports.zod.ts';
import {
  CreateZReadingResponse,
  GetDayXReadingResponse,
  GetZReadingResponse,
} from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/cash.md, Z-reading: a day's payments in store credit stand on the X- and Z-reading and on the daily
// sales report beside the collections, never in their total (that money came in with the original sale).

const today = businessDate(new Date());

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let branchId: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  branchId = fixture.branchIds[0] as number;
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
});

afterAll(() => api.close());

async function sale(price: number) {
  const answer = await admin.post('/api/invoices', {
    contact_id: fixture.customerId,
    branch_id: branchId,
    invoice_date: today,
    lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: price }],
  });
  expect(answer.status).toBe(201);
  return answer.json as { id: number; total: number; lines: { id: number }[] };
}

async function pay(invoiceId: number, amount: number, method: string) {
  const answer = await admin.post('/api/invoice-payments', {
    invoice_id: invoiceId,
    payment_date: today,
    amount,
    payment_method: method,
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
}

describe('store credit on the day’s readings', () => {
  it('shows what was paid in store credit apart from the collections, on the X, the report and the Z', async () => {
    // A sale paid by card, returned in full and kept as store credit; a second sale paid partly from that credit.
    const returned = await sale(3540);
    await pay(returned.id, returned.total, 'card');
    expectContract(
      await admin.post('/api/credit-memos', {
        invoice_id: returned.id,
        memo_date: today,
        reason: 'returned',
        settlement: 'store_credit',
        lines: [{ invoice_line_id: returned.lines[0]?.id, quantity: 1 }],
      }),
      201,
      CreateCreditMemoResponse,
    );
    const exchanged = await sale(5000);
    await pay(exchanged.id, 3540, 'store_credit');
    await pay(exchanged.id, exchanged.total - 3540, 'cash');

    const x = expectContract(
      await admin.get(`/api/z-readings/x-reading?branch_id=${branchId}`),
      200,
      GetDayXReadingResponse,
    );
    expect(x.collections_store_credit).toBe(3540);
    expect(x.collections_card).toBe(3540);
    expect(x.collections_cash).toBe(1460);
    // Money that came in that day: the card and the cash, not the credit spent.
    expect(x.collections_total).toBe(5000);

    const [row] = expectContract(
      await admin.get(`/api/reports/daily-sales?branch_id=${branchId}&date_from=${today}&date_to=${today}`),
      200,
      GetDailySalesResponse,
    );
    expect(row).toMatchObject({ collections_store_credit: 3540, collections_total: 5000 });

    const made = expectContract(
      await admin.post('/api/z-readings', { branch_id: branchId }),
      201,
      CreateZReadingResponse,
    );
    expect(made).toMatchObject({ collections_store_credit: 3540, collections_total: 5000 });
    const read = expectContract(await admin.get(`/api/z-readings/${made.id}`), 200, GetZReadingResponse);
    expect(read.collections_store_credit).toBe(3540);
  });

  it('gives a reading frozen before it carried the line the store credit paid on its day', async () => {
    const reading = await api.db
      .selectFrom('z_readings')
      .select(['id', 'figures'])
      .where('business_id', '=', fixture.businessId)
      .where('branch_id', '=', branchId)
      .executeTakeFirstOrThrow();
    const { collections_store_credit: _left, ...older } = JSON.parse(reading.figures) as Record<string, unknown>;
    await api.db
      .updateTable('z_readings')
      .set({ figures: JSON.stringify(older) })
      .where('id', '=', reading.id)
      .execute();
    const read = expectContract(await admin.get(`/api/z-readings/${reading.id}`), 200, GetZReadingResponse);
    expect(read.collections_store_credit).toBe(3540);
    const x = expectContract(
      await admin.get(`/api/z-readings/x-reading?branch_id=${branchId}&business_date=${today}`),
      200,
      GetDayXReadingResponse,
    );
    expect(x).toMatchObject({ z_reading_id: reading.id, collections_store_credit: 3540 });
  });
});
