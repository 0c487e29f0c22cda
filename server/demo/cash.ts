import { type Kysely, sql } from 'kysely';
import {
  addMovement,
  closeCashSession,
  type DenominationCount,
  denominations,
  faceCentavos,
  openCashSession,
  sessionFigures,
} from '../areas/cash/cash-sessions-posting.ts';
import { createZReading } from '../areas/cash/z-readings-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import type { Centavos } from '../domain/money.ts';
import { demoContext } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// Two of the cashier's shifts at Makati, one closed ₱150 short and one ₱20 over, and a Z-reading for every past day
// of every branch up to the day before yesterday, in day order, so that the grand totals accumulate
// (docs/domain/cash.md). Yesterday and today stay open: yesterday's readings are still to be made, and the demo's
// backdated flows (an administrator's sale dated yesterday, yesterday's delivery) still work.
export async function seedDemoCash(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
  const contextAt = (moment: number, userId: number) => demoContext(db, master, new Date(moment), userId);
  const cashier = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'cashier@spectacle.test')
    .executeTakeFirst();
  const [makati] = master.branchIds;
  if (cashier && makati !== undefined) {
    const shifts = [
      { daysAgo: 3, float: 2000, movement: { kind: 'cash_out', amount: 150, reason: 'Delivery fee' }, off: -15_000 },
      { daysAgo: 2, float: 2000, movement: { kind: 'cash_in', amount: 500, reason: 'Change fund top-up' }, off: 2_000 },
    ] as const;
    for (const shift of shifts) {
      const day = businessDate(new Date(dayStart(today) - shift.daysAgo * 86_400_000));
      const opened = contextAt(dayStart(day) + 9 * 3_600_000, cashier.id);
      const id = await openCashSession(opened, { branch_id: makati, opening_float: shift.float });
      // The day's payments at the branch were taken at this drawer.
      await db
        .updateTable('invoice_payments')
        .set({ cash_session_id: id })
        .where('business_id', '=', master.businessId)
        .where('payment_date', '=', day)
        .where('deleted_at', 'is', null)
        .where('invoice_id', 'in', db.selectFrom('invoices').select('id').where('branch_id', '=', makati))
        .execute();
      await addMovement(contextAt(dayStart(day) + 13 * 3_600_000, cashier.id), id, shift.movement);
      const figures = (await sessionFigures(db, [{ id, opening_float: shift.float * 100 }])).get(id);
      const counted = piecesOf((figures?.expectedCash ?? 0) + shift.off, Math.sign(shift.off));
      await closeCashSession(contextAt(dayStart(day) + 19 * 3_600_000, cashier.id), id, counted);
    }
  }

  const first = await db
    .selectFrom('invoices')
    .select(sql<string | null>`MIN(invoice_date)`.as('day'))
    .where('business_id', '=', master.businessId)
    .executeTakeFirst();
  if (!first?.day) return;
  const yesterday = businessDate(new Date(dayStart(today) - 12 * 3_600_000));
  // Deposits taken before the first sale (an order long left at the counter) need their days' Zs too, first.
  const earlier = await sql<{ day: string }>`
    SELECT receipt_date AS day FROM acknowledgment_receipts
      WHERE business_id = ${master.businessId} AND receipt_date < ${first.day}
    UNION
    SELECT refund_date AS day FROM acknowledgment_receipt_refunds
      WHERE business_id = ${master.businessId} AND refund_date < ${first.day}
    ORDER BY day`.execute(db);
  const days = earlier.rows.map((row) => row.day);
  for (let day = first.day; day < yesterday; day = businessDate(new Date(dayStart(day) + 36 * 3_600_000))) {
    days.push(day);
  }
  for (const day of days) {
    for (const branchId of master.branchIds) {
      await createZReading(contextAt(dayStart(day) + 21 * 3_600_000, cashier?.id ?? master.adminUserId), {
        branch_id: branchId,
        business_date: day,
      });
    }
  }
}

// The fewest bills and coins that make an amount, as a drawer holds it: to the quarter below it for a short drawer,
// above it for an over one, since nothing smaller than 25 centavos is counted.
function piecesOf(amount: Centavos, direction: number): DenominationCount {
  const quarters = direction > 0 ? Math.ceil(amount / 25) : Math.floor(amount / 25);
  let left = Math.max(0, quarters * 25);
  const counted: DenominationCount = {};
  for (const face of denominations) {
    counted[face] = Math.floor(left / faceCentavos[face]);
    left -= (counted[face] ?? 0) * faceCentavos[face];
  }
  return counted;
}
