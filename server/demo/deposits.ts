import type { Kysely } from 'kysely';
import { depositBalance } from '../areas/eye-care/job-order-deposits.ts';
import { moveJobOrderStatus } from '../areas/eye-care/job-order-status-moves.ts';
import { createJobOrder } from '../areas/eye-care/job-orders-posting.ts';
import {
  createAcknowledgmentReceipt,
  refundAcknowledgmentReceipt,
} from '../areas/sales/acknowledgment-receipts-posting.ts';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import type { JobOrderStatus } from '../domain/job-order-status.ts';
import { centavosToPesos } from '../domain/money.ts';
import { demoContext, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

const daysFrom = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// The demo business is new, so it invoices at release (docs/domain/sales.md, Deposits): orders at every step of the
// road with their deposits on acknowledgment receipts, in cash and by e-wallet; one claimed (its invoice made that day
// with the deposit applied and the rest paid in cash), one refunded before the lab and cancelled, one left unclaimed
// past the pickup days and forfeited. The orders of eye-care.ts, invoiced at order, keep working as they were.
const plans: readonly {
  customer: number;
  ordered: number;
  road: readonly { status: JobOrderStatus; day: number }[];
  method: 'cash' | 'e_wallet';
  refund?: true;
}[] = [
  { customer: 8, ordered: -1, road: [], method: 'cash' },
  { customer: 9, ordered: -4, road: [{ status: 'in_lab', day: -3 }], method: 'e_wallet' },
  {
    customer: 10,
    ordered: -9,
    road: [
      { status: 'in_lab', day: -8 },
      { status: 'ready', day: -3 },
    ],
    method: 'cash',
  },
  {
    customer: 11,
    ordered: -8,
    road: [
      { status: 'in_lab', day: -7 },
      { status: 'ready', day: -2 },
      { status: 'claimed', day: -1 },
    ],
    method: 'e_wallet',
  },
  { customer: 12, ordered: -6, road: [{ status: 'cancelled', day: -5 }], method: 'cash', refund: true },
  {
    customer: 13,
    ordered: -110,
    road: [
      { status: 'in_lab', day: -108 },
      { status: 'ready', day: -100 },
      { status: 'forfeited', day: -2 },
    ],
    method: 'cash',
  },
];

export async function seedDemoDeposits(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const branchId = master.branchIds[0] ?? 0;
  const cashier = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'cashier@spectacle.test')
    .executeTakeFirst();
  const on = (day: number, userId = cashier?.id ?? master.adminUserId) =>
    demoContext(db, master, momentOn(daysFrom(today, day), 3, now), userId);
  const items = await db
    .selectFrom('items')
    .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
    .leftJoin('stocks', (join) => join.onRef('stocks.item_id', '=', 'items.id').on('stocks.branch_id', '=', branchId))
    .select(['items.id', 'item_types.name as type', 'stocks.quantity_on_hand'])
    .where('items.business_id', '=', master.businessId)
    .where('item_types.name', 'in', ['Frame', 'Service'])
    .orderBy('items.id', 'desc')
    .execute();
  const frames = items.filter((item) => item.type === 'Frame' && Number(item.quantity_on_hand ?? 0) >= 2000);
  const service = items.find((item) => item.type === 'Service');
  for (const [index, plan] of plans.entries()) {
    const frame = frames[index % Math.max(frames.length, 1)];
    const customer = master.customerIds[plan.customer % master.customerIds.length];
    if (!frame || !service || customer === undefined) continue;
    const orderedOn = daysFrom(today, plan.ordered);
    const orderId = await createJobOrder(on(plan.ordered), {
      contact_id: customer,
      branch_id: branchId,
      order_date: orderedOn,
      promised_date: daysFrom(today, plan.ordered + 7),
      lab: 'in_house',
      customer_frame: false,
      lines: [
        { role: 'frame', item_id: frame.id, quantity: 1 },
        { role: 'service', item_id: service.id, quantity: 1 },
      ],
    });
    const order = await db.selectFrom('job_orders').select('total').where('id', '=', orderId).executeTakeFirstOrThrow();
    const half = Math.round(Number(order.total) / 200) * 100;
    const receiptId = await createAcknowledgmentReceipt(on(plan.ordered), {
      contact_id: customer,
      branch_id: branchId,
      receipt_date: orderedOn,
      amount: centavosToPesos(half),
      payment_method: plan.method,
      job_order_id: orderId,
      reference: plan.method === 'e_wallet' ? `GCASH-${4_810_000 + index}` : null,
    });
    for (const step of plan.road) {
      if (plan.refund && step.status === 'cancelled') {
        await refundAcknowledgmentReceipt(on(step.day), receiptId, {
          amount: centavosToPesos(half),
          payment_method: plan.method,
          refund_date: daysFrom(today, step.day),
          reason: 'The patient chose to wait for their next exam.',
        });
      }
      if (step.status === 'claimed') {
        await claimAtRelease(on(step.day), orderId, customer, branchId, daysFrom(today, step.day), receiptId);
        continue;
      }
      await moveJobOrderStatus(
        step.status === 'forfeited' ? on(step.day, master.adminUserId) : on(step.day),
        orderId,
        step.status,
      );
    }
  }
}

// What the claim call does at release (server/areas/sales/job-order-claim.ts), on the demo's posting context: the
// invoice of the order's lines, its deposit applied, the rest paid in cash at the counter.
async function claimAtRelease(
  context: ReturnType<typeof demoContext>,
  orderId: number,
  customer: number,
  branchId: number,
  day: string,
  receiptId: number,
): Promise<void> {
  const lines = await context.trx
    .selectFrom('job_order_lines')
    .select(['item_id', 'quantity', 'unit_price'])
    .where('job_order_id', '=', orderId)
    .orderBy('position')
    .execute();
  const invoiceId = await createInvoice(context, {
    contact_id: customer,
    branch_id: branchId,
    invoice_date: day,
    job_order_id: orderId,
    lines: lines.map((line) => ({
      item_id: line.item_id,
      quantity: Number(line.quantity) / 1000,
      unit_price: centavosToPesos(Number(line.unit_price)),
    })),
  });
  const receipt = await context.trx
    .selectFrom('acknowledgment_receipts')
    .select(['amount', 'applied_amount', 'refunded_amount', 'forfeited_amount'])
    .where('id', '=', receiptId)
    .executeTakeFirstOrThrow();
  await createInvoicePayment(context, {
    invoice_id: invoiceId,
    payment_date: day,
    amount: centavosToPesos(depositBalance(receipt)),
    payment_method: 'deposit',
    acknowledgment_receipt_id: receiptId,
  });
  await moveJobOrderStatus(context, orderId, 'claimed', 'release');
  const invoice = await context.trx
    .selectFrom('invoices')
    .select(['total', 'amount_paid'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  await createInvoicePayment(context, {
    invoice_id: invoiceId,
    payment_date: day,
    amount: centavosToPesos(Number(invoice.total) - Number(invoice.amount_paid)),
    payment_method: 'cash',
  });
}
