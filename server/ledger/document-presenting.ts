import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import { runReused } from '../db/reused-query.ts';
import { centavosToPesos } from '../domain/money.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { auditColumns, dynamic, storedFields } from '../engine/dynamic.ts';
import { nameOf, namesById } from '../engine/lookups.ts';
import { documentColumnOf, type LineTable } from './lines-of-document.ts';
import type { PayableTable } from './payments.ts';

// What the document presenters read besides their own header: lines with their items, location names, totals.

type Line<T extends LineTable> = Selectable<Database[T]> & { item_id: number };

// The lines of a page of documents, each document's in position order, with the code and name of the item on a
// line (null once the item is gone), in one statement: a document's answer is read after every posting, and a
// statement of its own for the items was one more round trip in the posting's transaction (docs/PERFORMANCE.md).
export async function documentLines<T extends LineTable>(
  db: Kysely<Database>,
  table: T,
  documents: readonly { id: number; business_id: number }[],
) {
  const items = new Map<number, ItemLabel>();
  const itemOf = (itemId: number): ItemLabel => items.get(itemId) ?? { item_code: null, item_name: null };
  if (documents.length === 0) return { linesOf: (_documentId: number): Line<T>[] => [], itemOf };
  const documentIds = documents.map((document) => document.id);
  const documentColumn: string = documentColumnOf[table];
  const lineTable: string = table;
  const values = [documents[0]?.business_id ?? 0, ...documentIds, 0] as const;
  const rows = (await runReused(db, `lines of ${table} for ${documentIds.length}`, values, ([business, ...ids]) =>
    dynamic(db)
      .selectFrom(lineTable)
      .leftJoin('items', 'items.id', `${lineTable}.item_id`)
      .selectAll(lineTable)
      .select(['items.code as line_item_code', 'items.name as line_item_name'])
      // The business first: the lines' index is by business and document.
      .where(`${lineTable}.business_id`, '=', business)
      .where(`${lineTable}.${documentColumn}`, 'in', ids)
      .orderBy(`${lineTable}.position`),
  )) as (Line<T> & { line_item_code: string | null; line_item_name: string | null })[];
  const lines = rows.map(({ line_item_code, line_item_name, ...line }) => {
    items.set(line.item_id, { item_code: line_item_code, item_name: line_item_name });
    return line as unknown as Line<T>;
  });
  const grouped = groupBy(lines, (line) => Number((line as Record<string, unknown>)[documentColumn]));
  return {
    linesOf: (documentId: number): Line<T>[] => grouped.get(documentId) ?? [],
    itemOf,
  };
}

type ItemLabel = { item_code: string | null; item_name: string | null };
type CostedLine = { id: number; item_id: number; quantity: number; unit_cost: number; amount: number };

// A line bought or received at cost (purchase orders, receive orders, bills): its quantity in units, its unit cost
// and amount in pesos, with its item's code and name; each kind adds what it shows besides.
export function costedLine(line: CostedLine, itemOf: (itemId: number) => ItemLabel) {
  return {
    id: line.id,
    item_id: line.item_id,
    quantity: fromThousandths(Number(line.quantity)),
    unit_cost: centavosToPesos(Number(line.unit_cost)),
    ...itemOf(line.item_id),
    amount: centavosToPesos(Number(line.amount)),
  };
}

function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(keyOf(row)) ?? [];
    list.push(row);
    groups.set(keyOf(row), list);
  }
  return groups;
}

type Location = { branch_id: number | null; warehouse_id: number | null };

type AuditedRow = Parameters<typeof auditColumns>[0];

// The head of a document kept at one branch or warehouse, as a stock adjustment and a stock count show it: its
// audit columns, its business, and its location by id and by name.
export function locatedHeader(
  row: AuditedRow & { business_id: number } & Location,
  locationName: (branchId: number | null, warehouseId: number | null) => string | null,
) {
  return {
    ...auditColumns(row),
    business_id: row.business_id,
    branch_id: row.branch_id,
    warehouse_id: row.warehouse_id,
    location_name: locationName(row.branch_id, row.warehouse_id),
  };
}

// A location is a branch or a warehouse; its name comes from whichever it is.
export async function locationNames(db: Kysely<Database>, locations: readonly Location[]) {
  const branches = await namesById(
    db,
    'branches',
    locations.map((location) => location.branch_id),
  );
  const warehouses = await namesById(
    db,
    'warehouses',
    locations.map((location) => location.warehouse_id),
  );
  return (branchId: number | null, warehouseId: number | null): string | null =>
    branchId !== null
      ? (branches.get(branchId) ?? null)
      : warehouseId !== null
        ? (warehouses.get(warehouseId) ?? null)
        : null;
}

type Route = {
  from_branch_id: number | null;
  from_warehouse_id: number | null;
  to_branch_id: number | null;
  to_warehouse_id: number | null;
};

// Stock requests, transfers and the arrivals of transfers go from one location to another.
export async function routeNames(db: Kysely<Database>, routes: readonly Route[]) {
  const locationName = await locationNames(db, [
    ...routes.map((route) => ({ branch_id: route.from_branch_id, warehouse_id: route.from_warehouse_id })),
    ...routes.map((route) => ({ branch_id: route.to_branch_id, warehouse_id: route.to_warehouse_id })),
  ]);
  return (route: Route) => ({
    from_location_name: locationName(route.from_branch_id, route.from_warehouse_id),
    to_location_name: locationName(route.to_branch_id, route.to_warehouse_id),
  });
}

// The table keeps centavos; the API speaks pesos.
export function pricedTotals(row: { subtotal: number; discount_total: number; total: number }) {
  return {
    subtotal: centavosToPesos(Number(row.subtotal)),
    discount_total: centavosToPesos(Number(row.discount_total)),
    total: centavosToPesos(Number(row.total)),
  };
}

// What a bill or invoice has been paid so far and what is still owed on it: `credited` is what its memos took off
// (docs/domain/sales.md, Credit memos), and a balance they took past zero is none.
export function paidAndBalance(row: { total: number; amount_paid: number }, credited = 0) {
  return {
    amount_paid: centavosToPesos(Number(row.amount_paid)),
    balance: centavosToPesos(Math.max(0, Number(row.total) - credited - Number(row.amount_paid))),
  };
}

// A payment shows the number of the bill or invoice it pays and that document's contact.
async function paidDocuments(db: Kysely<Database>, table: PayableTable, documentIds: readonly number[]) {
  const documents = await db
    .selectFrom(table)
    .select(['id', 'number', 'contact_id'])
    .where('id', 'in', [...documentIds, 0])
    .execute();
  const documentOf = new Map(documents.map((document) => [document.id, document]));
  const contacts = await namesById(
    db,
    'contacts',
    documents.map((document) => document.contact_id),
  );
  return (documentId: number) => {
    const document = documentOf.get(documentId);
    return {
      number: document?.number ?? null,
      contact_id: document?.contact_id ?? null,
      contact_name: nameOf(contacts, document?.contact_id ?? null),
    };
  };
}

type PaymentRow = Parameters<typeof auditColumns>[0] & {
  business_id: number;
  payment_date: string;
  amount: number;
  payment_method: string;
  reference: string | null;
  notes: string | null;
  number: string;
};

type PaidKind = 'invoice' | 'bill';

// A payment of an invoice or a bill as the API shows it (the `InvoicePayment` and `BillPayment` schemas): the same
// fields, named after the kind of document it pays.
export async function presentPayments<K extends PaidKind, R extends PaymentRow & Record<`${K}_id`, number>>(
  db: Kysely<Database>,
  kind: K,
  rows: readonly R[],
) {
  const documentOf = (row: R): number => row[`${kind}_id`];
  const paidOf = await paidDocuments(db, `${kind}s`, rows.map(documentOf));
  return rows.map((row) => {
    const paid = paidOf(documentOf(row));
    return {
      ...auditColumns(row),
      business_id: row.business_id,
      [`${kind}_id`]: documentOf(row),
      payment_date: row.payment_date,
      amount: centavosToPesos(Number(row.amount)),
      ...storedFields(row, ['payment_method', 'reference', 'notes', 'number']),
      [`${kind}_number`]: paid.number,
      contact_id: paid.contact_id,
      contact_name: paid.contact_name,
    };
  });
}

// A line that moves an item by lot (a stock adjustment's, a count's): the item by its code and name, and the lot.
export function itemAndLot(line: {
  id: number;
  item_id: number;
  item_code: string | null;
  item_name: string | null;
  lot_number: string | null;
  expires_on: string | null;
}) {
  return {
    id: line.id,
    item_id: line.item_id,
    item_code: line.item_code ?? null,
    item_name: line.item_name ?? null,
    lot_number: line.lot_number,
    expires_on: line.expires_on,
  };
}
