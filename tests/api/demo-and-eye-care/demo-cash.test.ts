import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import {
  GetMyCashSessionResponse,
  ListCashSessionsResponse,
} from '../../../generated/zod/cash-sessions/cash-sessions.zod.ts';
import { GetDailySalesResponse } from '../../../generated/zod/reports/reports.zod.ts';
import { ListZReadingsResponse } from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// The demo's drawer and readings (docs/domain/cash.md): two closed shifts at Makati, one short and one over, and a
// Z-reading for every past day of each branch with its grand total carried on, the invoices' numbers following their
// dates so that the readings do not overlap; today stays open.

let api: TestApi;
let cashier: TestClient;

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date() });
  cashier = await api.signIn('cashier@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await cashier.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  cashier.businessId = businesses[0]?.id ?? null;
});

afterAll(() => api.close());

describe('the demo drawer and readings', () => {
  it('has two closed shifts, one short and one over, and no drawer required', async () => {
    const sessions = expectContract(await cashier.get('/api/cash-sessions'), 200, ListCashSessionsResponse).data;
    expect(sessions.map((session) => session.status)).toEqual(['closed', 'closed']);
    const differences = sessions.map((session) => session.difference ?? 0);
    expect(differences.some((difference) => difference <= -150)).toBe(true);
    expect(differences.some((difference) => difference >= 20)).toBe(true);
    const short = sessions.find((session) => (session.difference ?? 0) < 0);
    expect(short?.movements.map((movement) => [movement.kind, movement.amount])).toEqual([['cash_out', 150]]);
    expect(short?.cash_received).toBeGreaterThan(0);
    const mine = expectContract(await cashier.get('/api/cash-sessions/mine'), 200, GetMyCashSessionResponse);
    expect(mine).toMatchObject({ required: false, session: null });
  });

  it("closes every past day with the daily sales report's net sales and a grand total that carries on", async () => {
    const readings = expectContract(
      await cashier.get('/api/z-readings?per_page=100&order_by=asc'),
      200,
      ListZReadingsResponse,
    ).data;
    expect(readings.length).toBeGreaterThan(10);
    // Yesterday and today are still open.
    const yesterday = businessDate(new Date(Date.now() - 86_400_000));
    expect(readings.every((reading) => reading.business_date < yesterday)).toBe(true);
    const first = readings[0];
    const report = expectContract(
      await cashier.get(
        `/api/reports/daily-sales?branch_id=${first?.branch_id}&date_from=${first?.business_date}&date_to=${first?.business_date}`,
      ),
      200,
      GetDailySalesResponse,
    );
    expect(first?.net_sales).toBe(report[0]?.net_sales ?? 0);
    const ofBranch = readings.filter((reading) => reading.terminal_id === first?.terminal_id);
    ofBranch.forEach((reading, index) => {
      expect(reading.z_counter).toBe(index + 1);
      const previous = ofBranch[index - 1];
      expect(reading.previous_grand_total).toBe(previous?.accumulated_grand_total ?? 0);
      expect(reading.accumulated_grand_total).toBeCloseTo(reading.previous_grand_total + reading.net_sales, 2);
    });
  });

  it('numbers each series in date order, so that no two readings of a branch overlap', async () => {
    const readings = expectContract(
      await cashier.get('/api/z-readings?per_page=100&order_by=asc'),
      200,
      ListZReadingsResponse,
    ).data;
    const count = (number: string | null | undefined) => Number(number?.split('-').at(-1) ?? 0);
    // Each terminal's series (docs/domain/cash.md, Terminals); Makati's second terminal sold on one day only.
    for (const terminalId of new Set(readings.map((reading) => reading.terminal_id))) {
      const issued = readings.filter((reading) => reading.terminal_id === terminalId && reading.issued_from !== null);
      expect(issued.length).toBeGreaterThan(issued[0]?.number.includes('-T') ? 0 : 5);
      issued.forEach((reading, index) => {
        expect(reading.number).toMatch(new RegExp(`^Z-${reading.business_date.replaceAll('-', '')}-`));
        expect(reading.issued_from).toContain(`-${reading.business_date.replaceAll('-', '')}-`);
        const previous = issued[index - 1];
        if (previous) expect(count(reading.issued_from)).toBeGreaterThan(count(previous.issued_to));
      });
    }
    // Every document of the demo carries its own date in its number, its count following the dates.
    const invoices = await api.db.selectFrom('invoices').select(['number', 'invoice_date', 'terminal_id']).execute();
    for (const terminalId of new Set(invoices.map((invoice) => invoice.terminal_id))) {
      const ofBranch = invoices
        .filter((invoice) => invoice.terminal_id === terminalId)
        .sort((a, b) => count(a.number) - count(b.number));
      ofBranch.forEach((invoice, index) => {
        expect(invoice.number).toContain(`-${invoice.invoice_date.replaceAll('-', '')}-`);
        expect(invoice.invoice_date >= (ofBranch[index - 1]?.invoice_date ?? '')).toBe(true);
      });
    }
  });

  it('keeps its books closed through a month before its first document, so that every demo document stays open', async () => {
    const business = expectContract(
      await cashier.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    ).businesses[0];
    const closed = business?.books_closed_through ?? '';
    expect(closed).toMatch(/^\d{4}-\d{2}-(28|29|30|31)$/);
    const oldest = await api.db
      .selectFrom('purchase_orders')
      .select('order_date')
      .orderBy('order_date')
      .executeTakeFirst();
    expect(oldest?.order_date.slice(0, 7)).not.toBe(closed.slice(0, 7));
    expect((oldest?.order_date ?? '') > closed).toBe(true);
  });
});
