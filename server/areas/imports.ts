import { sql } from 'kysely';
import { businessDate } from '../domain/business-date.ts';
import type { FieldErrors } from '../domain/refusal.ts';
import {
  checkHeader,
  type ImportDefinition,
  type ImportRow,
  importedDate,
  lookupBy,
  type Relation,
  recordImport,
  refusalOf,
} from '../engine/csv-import.ts';
import { dynamic } from '../engine/dynamic.ts';
import { createWithin } from '../engine/mutations.ts';
import type { ResourceContext } from '../engine/resource.ts';
import { definitions } from './definitions.ts';
import { itemsResource } from './inventory/items.ts';
import { consentCsvCells } from './management/contact-texting.ts';
import { contactsResource } from './management/contacts.ts';
import { purchaseItemPricesResource } from './purchasing/purchase-item-prices.ts';
import { receiveOrdersResource } from './purchasing/receive-orders.ts';
import { saleItemPricesResource } from './sales/sale-item-prices.ts';

// docs/domain/README.md, Import: what a shop loads from spreadsheets. A related record is named by its name or code in
// a column named after it without `_id`.
const item: Relation = { field: 'item_id', label: 'item with the code', lookup: lookupBy('items', ['code']) };
const contact: Relation = { field: 'contact_id', label: 'contact', lookup: lookupBy('contacts', ['name']) };
const branch: Relation = { field: 'branch_id', label: 'branch', lookup: lookupBy('branches', ['code', 'name']) };
const warehouse: Relation = {
  field: 'warehouse_id',
  label: 'warehouse',
  lookup: lookupBy('warehouses', ['code', 'name']),
};

const itemsImport = recordImport(
  itemsResource,
  {
    brand: { field: 'brand_id', label: 'brand', lookup: lookupBy('brands', ['name']) },
    item_type: { field: 'item_type_id', label: 'item type', lookup: lookupBy('item_types', ['name']) },
    item_classification: {
      field: 'item_classification_id',
      label: 'item classification',
      lookup: lookupBy('item_classifications', ['name']),
    },
    unit_of_measurement: {
      field: 'unit_of_measurement_id',
      label: 'unit of measurement',
      lookup: lookupBy('unit_of_measurements', ['name', 'abbreviation']),
    },
    // The item a variant belongs to, by its code, never by an internal id.
    variant_of_item: { field: 'variant_of_item_id', label: 'item with the code', lookup: lookupBy('items', ['code']) },
  },
  {
    code: 'RB-5154-2000',
    barcode: '8053672000000',
    name: 'Ray-Ban Clubmaster RB5154 Black',
    brand: 'Ray-Ban',
    item_type: 'Frame',
    unit_of_measurement: 'Piece',
    is_inventory_tracked: '1',
    reorder_level: '2',
    sale_discounts: '2:5%, 5:10%',
    frame_model: 'RB5154 Clubmaster',
    frame_color: 'Black',
    eye_size: '51',
    bridge: '21',
    temple_length: '145',
  },
);

const contactsImport = recordImport(
  contactsResource,
  { contact_type: { field: 'contact_type_id', label: 'contact type', lookup: lookupBy('contact_types', ['name']) } },
  {
    contact_type: 'Customer',
    name: 'Juan dela Cruz',
    email: 'juan@example.ph',
    phone: '+63 917 555 0101',
    address: 'Quezon City',
    mobile: '0917 555 0101',
    transactional_consent: 'Given (form)',
    reminders_consent: 'Given (form)',
  },
  consentCsvCells,
);

const purchasePricesImport = recordImport(
  purchaseItemPricesResource,
  { item, contact },
  { item: 'RB-5154-2000', contact: 'Luxottica Philippines', unit_cost: '4200', effective_date: '2026-01-01' },
);

const salePricesImport = recordImport(
  saleItemPricesResource,
  { item, branch },
  { item: 'RB-5154-2000', branch: '', unit_price: '8990', effective_date: '2026-01-01' },
);

const openingStockColumns = [
  'item',
  'branch',
  'warehouse',
  'quantity',
  'unit_cost',
  'supplier',
  'received_date',
  'lot_number',
  'expires_on',
];
const openingStockRelations = { item, branch, warehouse, supplier: { ...contact } };

/**
 * Opening stock is posted through the ledger like any receipt: the rows become receive orders, one per location,
 * supplier and date (and per 200 rows of those), so stock, movements and average costs come out as if the goods had been received. A row
 * without a supplier is received from the "Opening Balance" supplier, made once when first needed. A lot-tracked
 * item's row names its lot and expiry, as any receipt line does.
 */
const openingStockImport: ImportDefinition = {
  prefix: 'stocks',
  permission: 'create-receive-orders',
  template: {
    columns: openingStockColumns,
    example: { item: 'RB-5154-2000', warehouse: 'WH-01', quantity: '12', unit_cost: '4200', received_date: '' },
  },
  header: (columns) =>
    checkHeader(
      columns,
      [
        { name: 'item_id', type: 'integer', required: true },
        { name: 'quantity', type: 'number', required: true },
      ],
      openingStockRelations,
      openingStockColumns,
    ),
  async write(ctx, rows, errors) {
    const orders = new Map<string, OpeningReceipt>();
    for (const row of rows) {
      const resolved = await openingStockLine(ctx, row, errors);
      if (!resolved) continue;
      const { location, supplier, date, line } = resolved;
      const key = `${location.branch_id ?? ''}|${location.warehouse_id ?? ''}|${supplier}|${date}`;
      const order = orders.get(key) ?? {
        body: { contact_id: supplier, ...location, received_date: date, notes: 'Opening stock (import)', lines: [] },
        rows: [],
      };
      (order.body.lines as unknown[]).push(line);
      order.rows.push(row);
      orders.set(key, order);
    }
    if (Object.keys(errors).length > 0) return 0;
    let created = 0;
    for (const order of [...orders.values()].flatMap(inReceiptsOfAtMost(receiptLinesAtMost))) {
      const refusal = await refusalOf(() => createWithin(receiveOrdersResource, ctx, order.body));
      if (refusal === null) {
        created += 1;
        continue;
      }
      // A refused line (`lines.3.quantity`) is reported on the CSV row it came from.
      const refused = Object.entries(refusal.errors);
      if (refused.length === 0) errors[`rows.${order.rows[0]?.row ?? 2}`] = [refusal.message];
      for (const [key, messages] of refused) {
        const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
        const row = order.rows[Number(match?.[1] ?? 0)] ?? order.rows[0];
        const column = match?.[2] === 'item_id' ? 'item' : (match?.[2] ?? 'quantity');
        errors[`rows.${row?.row ?? 2}.${column}`] = messages;
      }
    }
    return created;
  },
};

// A receive order takes at most this many lines (the contract's `lines` maxItems): a location's opening stock of
// more rows is received in as many orders as it needs, all in the import's one transaction.
const receiptLinesAtMost = 200;

type OpeningReceipt = { body: Record<string, unknown>; rows: ImportRow[] };

function inReceiptsOfAtMost(size: number) {
  return ({ body, rows }: OpeningReceipt): OpeningReceipt[] => {
    const lines = body.lines as unknown[];
    const receipts: OpeningReceipt[] = [];
    for (let start = 0; start < lines.length; start += size) {
      receipts.push({
        body: { ...body, lines: lines.slice(start, start + size) },
        rows: rows.slice(start, start + size),
      });
    }
    return receipts;
  };
}

async function openingStockLine(ctx: ResourceContext, row: ImportRow, errors: FieldErrors) {
  const cell = (column: string) => row.cells[column]?.trim() ?? '';
  const fail = (column: string, message: string) => {
    errors[`rows.${row.row}.${column}`] = [message];
    return null;
  };
  const itemId = await item.lookup(ctx, cell('item'));
  if (itemId === null) return fail('item', `No item with the code “${cell('item')}”.`);
  if ((cell('branch') === '') === (cell('warehouse') === '')) {
    return fail(cell('branch') === '' ? 'warehouse' : 'branch', 'Name either a branch or a warehouse.');
  }
  const location: { branch_id?: number; warehouse_id?: number } = {};
  if (cell('branch') !== '') {
    const id = await branch.lookup(ctx, cell('branch'));
    if (id === null) return fail('branch', `No branch named “${cell('branch')}”.`);
    location.branch_id = id;
  } else {
    const id = await warehouse.lookup(ctx, cell('warehouse'));
    if (id === null) return fail('warehouse', `No warehouse named “${cell('warehouse')}”.`);
    location.warehouse_id = id;
  }
  const quantity = Number(cell('quantity').replaceAll(',', ''));
  if (!Number.isFinite(quantity) || quantity <= 0) return fail('quantity', 'The quantity must be a number above 0.');
  const line: Record<string, unknown> = { item_id: itemId, quantity };
  if (cell('unit_cost') !== '') {
    const cost = Number(cell('unit_cost').replaceAll(',', ''));
    if (!Number.isFinite(cost) || cost < 0) return fail('unit_cost', 'The unit cost must be a number of at least 0.');
    line.unit_cost = cost;
  }
  if (cell('lot_number') !== '') line.lot_number = cell('lot_number');
  if (cell('expires_on') !== '') {
    const expiry = importedDate(cell('expires_on'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiry))
      return fail('expires_on', 'The expiry must read YYYY-MM-DD or MM/DD/YYYY.');
    line.expires_on = expiry;
  }
  const date = importedDate(cell('received_date')) || businessDate(new Date(ctx.now));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    return fail('received_date', 'The received date must read YYYY-MM-DD or MM/DD/YYYY.');
  }
  if (cell('supplier') === '') {
    // The supplier made for opening stock is checked like any contact; its refusal belongs to this row's supplier.
    let made: number | null = null;
    const refusal = await refusalOf(async () => {
      made = await openingBalanceSupplier(ctx);
    });
    if (refusal !== null || made === null) {
      const reason = refusal ? [refusal.message, ...Object.values(refusal.errors).flat()].join(' ') : '';
      return fail('supplier', `The “Opening Balance” supplier could not be made: ${reason}`.trim());
    }
    return { location, supplier: made, date, line };
  }
  const supplier = await contact.lookup(ctx, cell('supplier'));
  if (supplier === null) return fail('supplier', `No contact named “${cell('supplier')}”.`);
  return { location, supplier, date, line };
}

// Made once per import at the most: the lookup remembers names it did not find.
const openingBalanceSuppliers = new WeakMap<ResourceContext, Promise<number>>();

function openingBalanceSupplier(ctx: ResourceContext): Promise<number> {
  let supplier = openingBalanceSuppliers.get(ctx);
  if (!supplier) {
    supplier = (async () => {
      const existing = await contact.lookup(ctx, 'Opening Balance');
      if (existing !== null) return existing;
      const supplierType = await supplierContactType(ctx);
      return createWithin(contactsResource, ctx, {
        name: 'Opening Balance',
        contact_type_id: supplierType,
        notes: 'The supplier of imported opening stock.',
      });
    })();
    openingBalanceSuppliers.set(ctx, supplier);
  }
  return supplier;
}

// The business's supplier type whatever the shop called it ("Supplier", "suppliers", "Supplier (local)"), made
// when it has none, so that opening stock never waits on a contact type named exactly so.
async function supplierContactType(ctx: ResourceContext): Promise<number> {
  const named = await dynamic(ctx.db)
    .selectFrom('contact_types')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(name)`, 'like', 'supplier%')
    .orderBy('id')
    .executeTakeFirst();
  if (named) return Number(named.id);
  return createWithin(definitions['contact-types'], ctx, { name: 'Supplier' });
}

// The worker thread that writes a large SQLite import (server/engine/import-routes.ts) loads these definitions
// itself, from server/areas/import-worker.ts.
export const importWorkerModule = new URL('./import-worker.ts', import.meta.url);

export const imports: readonly ImportDefinition[] = [
  itemsImport,
  contactsImport,
  purchasePricesImport,
  salePricesImport,
  openingStockImport,
];
