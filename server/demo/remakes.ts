import type { Kysely } from 'kysely';
import { remakeJobOrder } from '../areas/eye-care/job-order-remake.ts';
import { moveJobOrderStatus } from '../areas/eye-care/job-order-status-moves.ts';
import { createJobOrder } from '../areas/eye-care/job-orders-posting.ts';
import { createWarrantyClaim } from '../areas/eye-care/warranty-claims-posting.ts';
import { confirmLabCredit } from '../areas/purchasing/lab-credit-confirmation.ts';
import { createReceiveOrder } from '../areas/purchasing/receive-orders-posting.ts';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import type { RemakeAccountable, RemakeReason } from '../db/migrations/025-049/045_remakes.ts';
import { businessDate } from '../domain/business-date.ts';
import { centavosToPesos } from '../domain/money.ts';
import { storedSaleLine } from '../ledger/priced-lines.ts';
import { demoContext, invoiceTotalOf, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

function daysFrom(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// Fourteen orders over the last month, every second day, each claimed three days after it was ordered; eight of them
// remade the day after, one of each reason (two by the lab's own error, of which the lab has confirmed one).
const remakes: readonly (readonly [RemakeReason, RemakeAccountable] | null)[] = [
  ['lab_error', 'lab'],
  null,
  ['measurement', 'optician'],
  null,
  ['prescriber_change', 'prescriber'],
  ['transcription', 'optician'],
  null,
  ['fit', 'optician'],
  ['non_adapt', 'patient'],
  null,
  ['breakage', 'vendor'],
  null,
  ['other', 'lab'],
  null,
];

// docs/domain/eye-care.md, Remakes and Warranties: a month of remakes for the Remakes report, the lab credits they
// raised, the shop's warranty terms and one frame replaced under warranty.
export async function seedDemoRemakes(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const branchId = master.branchIds[0] ?? 0;
  const on = (date: string, hour: number) => demoContext(db, master, momentOn(date, hour, now));
  const typeId = async (name: string) =>
    (
      await db
        .selectFrom('item_types')
        .select('id')
        .where('business_id', '=', master.businessId)
        .where('name', '=', name)
        .executeTakeFirst()
    )?.id ?? null;
  const frameType = await typeId('Frame');
  const lensType = await typeId('Ophthalmic Lens');
  if (frameType === null || lensType === null) return;
  const at = now.toISOString();
  const audit = { created_at: at, updated_at: at, created_by: master.adminUserId, updated_by: master.adminUserId };
  await db
    .insertInto('warranty_terms')
    .values([
      {
        business_id: master.businessId,
        ...audit,
        name: 'Frame warranty',
        months: 12,
        covers: JSON.stringify(['frame']),
        item_type_ids: JSON.stringify([frameType]),
        brand_ids: '[]',
        description: 'Hinges, welds and finish against defects in manufacture.',
      },
      {
        business_id: master.businessId,
        ...audit,
        name: 'Lens coating warranty',
        months: 6,
        covers: JSON.stringify(['lenses', 'coating']),
        item_type_ids: JSON.stringify([lensType]),
        brand_ids: '[]',
        description: 'Anti-reflective coating peeling or crazing.',
      },
    ])
    .execute();
  const itemOf = (type: number) =>
    db
      .selectFrom('items')
      .innerJoin('purchase_item_prices', 'purchase_item_prices.item_id', 'items.id')
      .select(['items.id', 'purchase_item_prices.contact_id', 'purchase_item_prices.unit_cost'])
      .where('items.business_id', '=', master.businessId)
      .where('items.item_type_id', '=', type)
      .where('items.is_inventory_tracked', '=', 1)
      .where('items.is_lot_tracked', '=', 0)
      // A lens family is never dispensed itself, and its variants are picked by power: a plain lens, ground to order.
      .where('items.variant_of_item_id', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('items as variant').select('variant.id').whereRef('variant.variant_of_item_id', '=', 'items.id'),
          ),
        ),
      )
      .orderBy('items.id')
      .executeTakeFirst();
  const frame = await itemOf(frameType);
  const lens = await itemOf(lensType);
  if (!frame || !lens) return;
  const lab = lens.contact_id;
  const start = daysFrom(today, -32);
  // The month's stock of the frame and lens the orders use, from the lens's lab.
  await createReceiveOrder(on(start, 1), {
    contact_id: lab,
    branch_id: branchId,
    received_date: start,
    lines: [
      { item_id: frame.id, quantity: 30, unit_cost: centavosToPesos(Number(frame.unit_cost)) },
      { item_id: lens.id, quantity: 60, unit_cost: centavosToPesos(Number(lens.unit_cost)) },
    ],
  });
  const prescriptions = await db
    .selectFrom('prescriptions')
    .select(['id', 'contact_id'])
    .where('business_id', '=', master.businessId)
    .where('kind', '=', 'spectacles')
    .where('expires_on', '>', today)
    .where('contact_id', 'in', [...master.customerIds.slice(0, 6), 0])
    .orderBy('examined_on', 'desc')
    .execute();
  if (prescriptions.length === 0) return;
  const lines = [
    { role: 'frame' as const, item_id: frame.id, quantity: 1 },
    { role: 'lens_od' as const, item_id: lens.id, quantity: 1, power_note: 'Ground to the prescription by the lab' },
    { role: 'lens_os' as const, item_id: lens.id, quantity: 1, power_note: 'Ground to the prescription by the lab' },
  ];
  // Invoiced and paid in full on the day, then handed over.
  const sellAndClaim = async (id: number, day: string) => {
    const order = await db
      .selectFrom('job_orders')
      .select(['contact_id', 'total'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const orderLines = await db
      .selectFrom('job_order_lines')
      .select(['item_id', 'quantity', 'unit_price', 'discount_percent'])
      .where('business_id', '=', master.businessId)
      .where('job_order_id', '=', id)
      .orderBy('position')
      .execute();
    const invoiceId = await createInvoice(on(day, 3), {
      contact_id: order.contact_id,
      branch_id: branchId,
      invoice_date: day,
      job_order_id: id,
      lines: orderLines.map(storedSaleLine),
    });
    const invoiceTotal = await invoiceTotalOf(db, invoiceId);
    await createInvoicePayment(on(day, 4), {
      invoice_id: invoiceId,
      payment_date: day,
      amount: centavosToPesos(invoiceTotal),
      payment_method: 'cash',
    });
    await moveJobOrderStatus(on(day, 5), id, 'claimed');
    return invoiceId;
  };
  const invoices: number[] = [];
  const labCredits: number[] = [];
  for (const [index, remake] of remakes.entries()) {
    const ordered = daysFrom(today, -30 + index * 2);
    const rx = prescriptions[index % prescriptions.length];
    if (!rx) continue;
    const id = await createJobOrder(on(ordered, 2), {
      contact_id: rx.contact_id,
      branch_id: branchId,
      prescription_id: rx.id,
      order_date: ordered,
      promised_date: daysFrom(ordered, 3),
      lab: 'outside',
      lab_contact_id: lab,
      frame_a: 52,
      frame_b: 38,
      frame_dbl: 18,
      frame_ed: 56,
      lines,
    });
    await moveJobOrderStatus(on(daysFrom(ordered, 1), 2), id, 'in_lab');
    await moveJobOrderStatus(on(daysFrom(ordered, 2), 2), id, 'ready');
    invoices.push(await sellAndClaim(id, daysFrom(ordered, 3)));
    if (!remake) continue;
    const [reason, accountable] = remake;
    const remadeOn = daysFrom(ordered, 4);
    // A new frame only when the frame was the trouble; otherwise the patient keeps it and the lenses are made again.
    const remade = await db
      .selectFrom('job_order_lines')
      .select(['id', 'role'])
      .where('business_id', '=', master.businessId)
      .where('job_order_id', '=', id)
      .execute();
    const remakeId = await remakeJobOrder(on(remadeOn, 2), id, {
      remake_reason: reason,
      accountable,
      notes: `Remade for ${reason.replace('_', ' ')}.`,
      lines: remade
        .filter((line) => line.role !== 'frame' || reason === 'breakage' || reason === 'fit')
        .map((line) => line.id),
    });
    const credit = await db
      .selectFrom('lab_credits')
      .select('id')
      .where('job_order_id', '=', remakeId)
      .executeTakeFirst();
    if (credit) labCredits.push(credit.id);
    if (daysFrom(remadeOn, 2) > today) continue;
    await moveJobOrderStatus(on(daysFrom(remadeOn, 1), 2), remakeId, 'in_lab');
    await moveJobOrderStatus(on(daysFrom(remadeOn, 2), 2), remakeId, 'ready');
    const claimDay = daysFrom(remadeOn, 3);
    if (claimDay > today) continue;
    if (accountable === 'patient') await sellAndClaim(remakeId, claimDay);
    else await moveJobOrderStatus(on(claimDay, 5), remakeId, 'claimed');
  }
  const [confirmed] = labCredits;
  if (confirmed !== undefined) await confirmLabCredit(on(daysFrom(today, -2), 6), confirmed, daysFrom(today, -2));
  // A frame whose hinge broke, replaced under its warranty.
  const sold = invoices[1];
  const frameLine =
    sold === undefined
      ? undefined
      : await db
          .selectFrom('invoice_lines')
          .select('id')
          .where('business_id', '=', master.businessId)
          .where('invoice_id', '=', sold)
          .where('item_id', '=', frame.id)
          .executeTakeFirst();
  if (frameLine) {
    await createWarrantyClaim(on(today, 1), {
      invoice_line_id: frameLine.id,
      claim_date: today,
      issue: 'Left hinge snapped while cleaning.',
      resolution: 'replace',
      replacement_item_id: frame.id,
      quantity: 1,
    });
  }
}
