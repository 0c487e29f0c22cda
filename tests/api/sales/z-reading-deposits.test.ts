import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateAcknowledgmentReceiptResponse } from '../../../generated/zod/acknowledgment-receipts/acknowledgment-receipts.zod.ts';
import { CreateZReadingResponse } from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/cash.md, Z-reading: a terminal's day of deposits only, no sale, still needs its Z, which counts them, and
// the days close in order. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.

const today = businessDate(new Date());
const yesterday = businessDate(new Date(Date.now() - 86_400_000));

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;

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
});

afterAll(() => api.close());

describe('a day of deposits only', () => {
  it('needs its Z at the terminal that took them, shows them there alone, and closes before a later day', async () => {
    const branchId = fixture.branchIds[0];
    const terminals = (await admin.get(`/api/terminals?branch_id=${branchId}`)).json as { data: { id: number }[] };
    const first = terminals.data[0]?.id as number;
    const made = await admin.post('/api/terminals', { branch_id: branchId, name: 'Counter 2' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const second = (made.json as { id: number }).id;

    const receipt = expectContract(
      await admin.post('/api/acknowledgment-receipts', {
        contact_id: fixture.customerId,
        branch_id: branchId,
        terminal_id: second,
        receipt_date: yesterday,
        amount: 800.5,
        payment_method: 'e_wallet',
      }),
      201,
      CreateAcknowledgmentReceiptResponse,
    );

    const openDays = async (terminal: number) =>
      (
        (await admin.get(`/api/z-readings/open-days?branch_id=${branchId}&terminal_id=${terminal}`)).json as {
          days: string[];
        }
      ).days;
    expect(await openDays(second)).toEqual([yesterday]);
    expect(await openDays(first)).toEqual([]);

    const tooSoon = await admin.post('/api/z-readings', { branch_id: branchId, terminal_id: second });
    expect(tooSoon.status).toBe(422);
    const errors = (tooSoon.json as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toEqual(['business_date']);
    expect(errors.business_date?.[0]).toContain(yesterday);

    const closed = expectContract(
      await admin.post('/api/z-readings', { branch_id: branchId, terminal_id: second, business_date: yesterday }),
      201,
      CreateZReadingResponse,
    );
    expect(closed).toMatchObject({ gross_sales: 0, net_sales: 0, deposits_received: 800.5, deposits_applied: 0 });
    expect(await openDays(second)).toEqual([]);
    // The branch's other terminal took none of them.
    const other = expectContract(
      await admin.post('/api/z-readings', { branch_id: branchId, terminal_id: first, business_date: yesterday }),
      201,
      CreateZReadingResponse,
    );
    expect(other.deposits_received).toBe(0);

    // The closed day takes no refund of its deposit; today does.
    const lateRefund = await admin.post(`/api/acknowledgment-receipts/${receipt.id}/refund`, {
      amount: 100,
      payment_method: 'e_wallet',
      refund_date: yesterday,
    });
    expect(lateRefund.status).toBe(422);
    expect(Object.keys((lateRefund.json as { errors: object }).errors)).toEqual(['refund_date']);
    const refund = await admin.post(`/api/acknowledgment-receipts/${receipt.id}/refund`, {
      amount: 100,
      payment_method: 'e_wallet',
      refund_date: today,
    });
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);

    const todays = expectContract(
      await admin.post('/api/z-readings', { branch_id: branchId, terminal_id: second }),
      201,
      CreateZReadingResponse,
    );
    expect(todays).toMatchObject({ deposits_received: 0, deposits_refunded: 100 });
  });
});
