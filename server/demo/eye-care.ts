import type { Kysely } from 'kysely';
import { moveJobOrderStatus } from '../areas/eye-care/job-order-status-moves.ts';
import { createJobOrder } from '../areas/eye-care/job-orders-posting.ts';
import { createPrescription } from '../areas/eye-care/prescriptions-posting.ts';
import { createPurchaseOrder } from '../areas/purchasing/purchase-orders-posting.ts';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import type { JobOrderStatus } from '../domain/job-order-status.ts';
import { centavosToPesos } from '../domain/money.ts';
import { demoContext, invoiceTotalOf, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

function daysFrom(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// Yearly exams of the shop's regular patients, each a little more myopic than the last.
const patientsRx = [
  { sphere: [-1.5, -1.75], cylinder: [-0.5, -0.75], axis: [180, 175], add: null, exams: 4 },
  { sphere: [-3.0, -2.75], cylinder: [0, -0.5], axis: [null, 10], add: null, exams: 3 },
  { sphere: [1.25, 1.5], cylinder: [-0.75, -0.5], axis: [90, 85], add: 2.0, exams: 3 },
  { sphere: [-0.5, 0], cylinder: [-1.25, -1.0], axis: [165, 15], add: null, exams: 2 },
  { sphere: [2.0, 2.25], cylinder: [0, 0], axis: [null, null], add: 2.25, exams: 3 },
  { sphere: [-5.25, -4.75], cylinder: [-1.5, -1.75], axis: [5, 170], add: null, exams: 2 },
] as const;

// Orders in every status: some promised for days past (late), some invoiced with a deposit, one claimed.
const orderPlans: readonly {
  patient: number;
  ordered: number;
  promised: number;
  status: JobOrderStatus;
  paid: 'none' | 'deposit' | 'full';
  outside: boolean;
}[] = [
  { patient: 0, ordered: -12, promised: -5, status: 'claimed', paid: 'full', outside: false },
  { patient: 1, ordered: -6, promised: -1, status: 'in_lab', paid: 'deposit', outside: true },
  { patient: 2, ordered: -5, promised: 0, status: 'ready', paid: 'deposit', outside: false },
  { patient: 3, ordered: -3, promised: 0, status: 'in_lab', paid: 'deposit', outside: false },
  { patient: 4, ordered: -2, promised: 3, status: 'open', paid: 'none', outside: true },
  { patient: 5, ordered: -4, promised: -2, status: 'open', paid: 'deposit', outside: false },
  { patient: 1, ordered: -20, promised: -15, status: 'cancelled', paid: 'none', outside: false },
];

const path: readonly JobOrderStatus[] = ['in_lab', 'ready', 'claimed'];

// Patients with a few years of prescriptions (the older ones expired) and their eyewear orders, posted through
// the same services as the API's: the invoices take their frames out of stock and carry the deposits.
export async function seedDemoEyeCare(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const cashier = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'cashier@spectacle.test')
    .executeTakeFirst();
  const contextOn = (date: string, userId = master.adminUserId) =>
    demoContext(db, master, momentOn(date, 2, now), userId);
  const branchId = master.branchIds[0] ?? 0;
  const stocked = async (type: string) =>
    db
      .selectFrom('items')
      .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
      .leftJoin('stocks', (join) => join.onRef('stocks.item_id', '=', 'items.id').on('stocks.branch_id', '=', branchId))
      .select(['items.id', 'stocks.quantity_on_hand'])
      .where('items.business_id', '=', master.businessId)
      .where('item_types.name', '=', type)
      .orderBy('items.id')
      .execute();
  const frames = (await stocked('Frame')).filter((row) => Number(row.quantity_on_hand ?? 0) >= 3000);
  const lenses = await stocked('Ophthalmic Lens');
  const lensesInStock = lenses.filter((row) => Number(row.quantity_on_hand ?? 0) >= 6000);
  const services = await stocked('Service');
  // An outside order goes to the lab that supplies its lens.
  const labOf = async (itemId: number) =>
    (
      await db
        .selectFrom('purchase_item_prices')
        .select('contact_id')
        .where('item_id', '=', itemId)
        .orderBy('id')
        .executeTakeFirst()
    )?.contact_id ?? null;

  const latestRx: number[] = [];
  for (const [index, plan] of patientsRx.entries()) {
    const patient = master.customerIds[index] ?? 0;
    let latest = 0;
    for (let exam = plan.exams - 1; exam >= 0; exam--) {
      const examinedOn = daysFrom(today, -exam * 365 - 40 - index * 9);
      const drift = exam * 0.25;
      const eye = (side: 0 | 1) => {
        const cylinder = plan.cylinder[side];
        return {
          sphere: plan.sphere[side] + (plan.sphere[side] < 0 ? drift : -drift),
          cylinder: cylinder === 0 ? null : cylinder,
          axis: cylinder === 0 ? null : plan.axis[side],
        };
      };
      const od = eye(0);
      const os = eye(1);
      latest = await createPrescription(contextOn(examinedOn), {
        contact_id: patient,
        kind: 'spectacles',
        examined_on: examinedOn,
        prescriber: 'Dr. Liza Navarro, OD',
        prescriber_license: `PRC 00${4512 + index}`,
        od_sphere: od.sphere,
        od_cylinder: od.cylinder,
        od_axis: od.axis,
        od_add: plan.add,
        od_visual_acuity: '20/20',
        os_sphere: os.sphere,
        os_cylinder: os.cylinder,
        os_axis: os.axis,
        os_add: plan.add,
        os_visual_acuity: '20/20',
        ...(index % 2 === 0 ? { pd_distance: 62 + index } : { pd_od: 31, pd_os: 31.5 }),
        ...(plan.add ? { segment_height_od: 18, segment_height_os: 18 } : {}),
      });
    }
    latestRx.push(latest);
  }
  await createPrescription(contextOn(daysFrom(today, -60)), {
    contact_id: master.customerIds[6] ?? 0,
    kind: 'contact_lenses',
    examined_on: daysFrom(today, -60),
    od_sphere: -2.5,
    od_base_curve: 8.6,
    od_diameter: 14.2,
    os_sphere: -2.75,
    os_base_curve: 8.6,
    os_diameter: 14.2,
  });

  // Two patients the Recalls report lists: one whose glasses prescription runs out in a fortnight, one whose ran out
  // last month and who has not been back.
  for (const [customer, daysAgo] of [
    [7, 350],
    [8, 400],
  ] as const) {
    const examinedOn = daysFrom(today, -daysAgo);
    await createPrescription(contextOn(examinedOn), {
      contact_id: master.customerIds[customer] ?? 0,
      kind: 'spectacles',
      examined_on: examinedOn,
      prescriber: 'Dr. Liza Navarro, OD',
      od_sphere: -1.25,
      os_sphere: -1.5,
    });
  }

  for (const [index, plan] of orderPlans.entries()) {
    const frame = frames[index % Math.max(frames.length, 1)];
    const lens = (plan.paid === 'none' ? lenses : lensesInStock)[index % 3];
    const service = services[0];
    if (!frame || !lens) continue;
    const orderedOn = daysFrom(today, plan.ordered);
    const lab = plan.outside ? await labOf(lens.id) : null;
    const lines = [
      { role: 'frame' as const, item_id: frame.id, quantity: 1 },
      { role: 'lens_od' as const, item_id: lens.id, quantity: 1 },
      { role: 'lens_os' as const, item_id: lens.id, quantity: 1 },
      ...(service ? [{ role: 'service' as const, item_id: service.id, quantity: 1 }] : []),
    ];
    const id = await createJobOrder(contextOn(orderedOn, cashier?.id), {
      contact_id: master.customerIds[plan.patient] ?? 0,
      branch_id: branchId,
      prescription_id: latestRx[plan.patient] ?? null,
      order_date: orderedOn,
      promised_date: daysFrom(today, plan.promised),
      lab: lab === null ? 'in_house' : 'outside',
      lab_contact_id: lab,
      frame_a: 52 + (index % 3),
      frame_b: 38,
      frame_dbl: 18,
      frame_ed: 56,
      fitting_notes: index === 2 ? 'Progressive: fit at pupil centre, 4 mm corridor.' : null,
      lines,
    });
    if (lab !== null) {
      await createPurchaseOrder(contextOn(orderedOn), {
        contact_id: lab,
        branch_id: branchId,
        order_date: orderedOn,
        expected_date: daysFrom(today, plan.promised - 1),
        job_order_id: id,
        lines: [{ item_id: lens.id, quantity: 2 }],
      });
    }
    if (plan.paid !== 'none') {
      const order = await db.selectFrom('job_orders').select('total').where('id', '=', id).executeTakeFirstOrThrow();
      const invoiceId = await createInvoice(contextOn(orderedOn, cashier?.id), {
        contact_id: master.customerIds[plan.patient] ?? 0,
        branch_id: branchId,
        invoice_date: orderedOn,
        job_order_id: id,
        lines: lines.map((line) => ({ item_id: line.item_id, quantity: line.quantity })),
      });
      const invoiceTotal = await invoiceTotalOf(db, invoiceId);
      const deposit = Math.round(Number(order.total) / 2 / 100) * 100;
      await createInvoicePayment(contextOn(orderedOn, cashier?.id), {
        invoice_id: invoiceId,
        payment_date: orderedOn,
        amount: centavosToPesos(plan.paid === 'full' ? invoiceTotal : Math.min(deposit, invoiceTotal)),
        payment_method: 'cash',
      });
    }
    if (plan.status === 'cancelled') {
      await moveJobOrderStatus(contextOn(daysFrom(orderedOn, 1), cashier?.id), id, 'cancelled');
      continue;
    }
    for (const [step, status] of path.entries()) {
      if (path.indexOf(plan.status) < step) break;
      await moveJobOrderStatus(contextOn(daysFrom(orderedOn, step + 1), cashier?.id), id, status);
    }
  }
}
