import type { Kysely } from 'kysely';
import { createStockTransfer } from '../areas/logistics/stock-transfers-posting.ts';
import { createArrival } from '../areas/logistics/transfer-arrivals.ts';
import { createReceiveOrder } from '../areas/purchasing/receive-orders-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import type { Modality } from '../db/tables/optical-catalogue.ts';
import { businessDate } from '../domain/business-date.ts';
import { pesosToCentavos } from '../domain/money.ts';
import { toThousandths } from '../domain/quantity.ts';
import { demoContext, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// Contact lenses and solutions kept by lot (docs/domain/eye-care.md, Lots and expiry): two lenses and two solutions
// marked is_lot_tracked, received in several lots through the posting services, one lot at Makati already expired on
// the shelf, others expiring within 90 days, sales that took the earliest good lot, a transfer received at Quezon City
// in its lots and one still on its way to Makati.

type LotItem = {
  code: string;
  name: string;
  brand: string;
  type: 'Contact Lens' | 'Lens Solution';
  unit: 'Box' | 'Bottle';
  supplier: string;
  cost: number;
  price: number;
  fit?: [Modality, number, number, number];
};

const lotItems: LotItem[] = [
  {
    code: 'AC-O1D-30',
    name: 'ACUVUE OASYS 1-Day with HydraLuxe (box of 30)',
    brand: 'Acuvue',
    type: 'Contact Lens',
    unit: 'Box',
    supplier: 'Johnson & Johnson Vision Care',
    cost: 1400,
    price: 2450,
    fit: ['daily', 30, 850, 1430],
  },
  {
    code: 'AL-AQA-6',
    name: 'Air Optix Aqua (box of 6)',
    brand: 'Alcon',
    type: 'Contact Lens',
    unit: 'Box',
    supplier: 'Alcon Laboratories Philippines',
    cost: 900,
    price: 1590,
    fit: ['monthly', 6, 860, 1420],
  },
  {
    code: 'AL-OFR-300',
    name: 'Opti-Free Replenish Solution 300 mL',
    brand: 'Alcon',
    type: 'Lens Solution',
    unit: 'Bottle',
    supplier: 'Alcon Laboratories Philippines',
    cost: 290,
    price: 499,
  },
  {
    code: 'BL-RNU-500',
    name: 'ReNu MultiPlus Solution 500 mL',
    brand: 'Bausch + Lomb',
    type: 'Lens Solution',
    unit: 'Bottle',
    supplier: 'Bausch + Lomb Philippines',
    cost: 330,
    price: 579,
  },
];

function shifted(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function seedDemoStockLots(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const at = now.toISOString();
  const audit = { created_at: at, updated_at: at, created_by: master.adminUserId, updated_by: master.adminUserId };
  const contextOn = (date: string) => demoContext(db, master, momentOn(date, 3, now));
  const idOf = async (table: 'brands' | 'item_types' | 'unit_of_measurements', name: string) => {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('business_id', '=', master.businessId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const ids = new Map<string, number>();
  for (const item of lotItems) {
    const row = await db
      .insertInto('items')
      .values({
        ...audit,
        business_id: master.businessId,
        code: item.code,
        barcode: null,
        name: item.name,
        description: 'Kept by lot and expiry.',
        brand_id: await idOf('brands', item.brand),
        item_type_id: await idOf('item_types', item.type),
        item_classification_id: null,
        unit_of_measurement_id: await idOf('unit_of_measurements', item.unit),
        is_inventory_tracked: 1,
        is_lot_tracked: 1,
        reorder_level: toThousandths(item.type === 'Contact Lens' ? 6 : 4),
        ...(item.fit
          ? { modality: item.fit[0], pack_size: item.fit[1], base_curve: item.fit[2], diameter: item.fit[3] }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(item.code, row.id);
    const effective = shifted(today, -365);
    await db
      .insertInto('purchase_item_prices')
      .values({
        ...audit,
        business_id: master.businessId,
        item_id: row.id,
        contact_id: master.supplierIds.get(item.supplier) ?? 0,
        unit_cost: pesosToCentavos(item.cost),
        effective_date: effective,
      })
      .execute();
    await db
      .insertInto('sale_item_prices')
      .values({
        ...audit,
        business_id: master.businessId,
        item_id: row.id,
        branch_id: null,
        unit_price: pesosToCentavos(item.price),
        effective_date: effective,
      })
      .execute();
  }
  const item = (code: string) => ids.get(code) ?? 0;
  const supplier = (code: string) =>
    master.supplierIds.get(lotItems.find((entry) => entry.code === code)?.supplier ?? '') ?? 0;
  const [makati = 0, quezonCity = 0] = master.branchIds;
  const warehouse = master.warehouseId;
  // One receipt of an item, in lots: each its quantity, its number and the days until it expires.
  const receive = (
    code: string,
    days: number,
    location: { branch_id?: number; warehouse_id?: number },
    lots: [quantity: number, lotNumber: string, expiresIn: number][],
  ) =>
    createReceiveOrder(contextOn(shifted(today, days)), {
      contact_id: supplier(code),
      ...location,
      received_date: shifted(today, days),
      lines: lots.map(([quantity, lotNumber, expiresIn]) => ({
        item_id: item(code),
        quantity,
        lot_number: lotNumber,
        expires_on: shifted(today, expiresIn),
      })),
    });

  await receive('AC-O1D-30', -150, { branch_id: makati }, [
    [3, 'AO1D-24117', -5],
    [6, 'AO1D-25020', 40],
    [12, 'AO1D-25188', 400],
  ]);
  await receive('AC-O1D-30', -20, { warehouse_id: warehouse }, [
    [24, 'AO1D-25188', 400],
    [24, 'AO1D-25301', 540],
  ]);
  await receive('AL-AQA-6', -90, { branch_id: makati }, [
    [4, 'AQA-4471', 75],
    [10, 'AQA-5102', 300],
  ]);
  await receive('AL-OFR-300', -60, { branch_id: makati }, [
    [5, 'OFR-1187', 20],
    [12, 'OFR-1290', 250],
  ]);
  await receive('BL-RNU-500', -60, { warehouse_id: warehouse }, [
    [10, 'RNU-3308', 60],
    [20, 'RNU-3412', 420],
  ]);

  // Counter sales at Makati: each took the earliest lot that was still good on its day.
  const sales: [number, string, number][] = [
    [-10, 'AC-O1D-30', 2],
    [-4, 'AL-AQA-6', 1],
    [-3, 'AC-O1D-30', 1],
    [-2, 'AL-OFR-300', 2],
  ];
  for (const [index, [days, code, quantity]] of sales.entries()) {
    await createInvoice(contextOn(shifted(today, days)), {
      contact_id: master.customerIds[index % master.customerIds.length] ?? 0,
      branch_id: makati,
      invoice_date: shifted(today, days),
      lines: [{ item_id: item(code), quantity }],
    });
  }

  // The warehouse restocks Quezon City (received in the same lot) and sends solution on to Makati (in transit).
  const toQuezonCity = await createStockTransfer(contextOn(shifted(today, -2)), {
    from_warehouse_id: warehouse,
    to_branch_id: quezonCity,
    transfer_date: shifted(today, -2),
    lines: [{ item_id: item('AC-O1D-30'), quantity: 6 }],
  });
  const sentLine = await db
    .selectFrom('stock_transfer_lines')
    .select('id')
    .where('stock_transfer_id', '=', toQuezonCity)
    .executeTakeFirstOrThrow();
  await createArrival(contextOn(shifted(today, -1)), 'stock-receive', {
    stock_transfer_id: toQuezonCity,
    date: shifted(today, -1),
    lines: [
      { stock_transfer_line_id: sentLine.id, quantity: 6, lot_number: 'AO1D-25188', expires_on: shifted(today, 400) },
    ],
  });
  await createStockTransfer(contextOn(today), {
    from_warehouse_id: warehouse,
    to_branch_id: makati,
    transfer_date: today,
    lines: [{ item_id: item('BL-RNU-500'), quantity: 4 }],
  });
}
