import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import { runReused } from '../db/reused-query.ts';
import { centavosToPesos } from '../domain/money.ts';
import { dynamic } from '../engine/dynamic.ts';
import { nameOf, namesById } from '../engine/lookups.ts';
import type { PayableTable } from './payments.ts';

// What the document presenters read besides their own header: lines with their items, location names, totals.

// Each line table and the column that names its document.
const documentColumnOf = {
  purchase_order_lines: 'purchase_order_id',
  receive_order_lines: 'receive_order_id',
  bill_lines: 'bill_id',
  quotation_lines: 'quotation_id',
  invoice_lines: 'invoice_id',
  stock_request_lines: 'stock_request_id',
  stock_transfer_lines: 'stock_transfer_id',
  stock_receive_lines: 'stock_receive_id',
  stock_return_lines: 'stock_return_id',
} as const;

type LineTable = keyof typeof documentColumnOf;
type Line<T extends LineTable> = Selectable<Database[T]> & { item_id: number };

// The lines of a page of documents in one query, each document's in position order, and the code and name of
// the item on a line (null once the item is gone).
export async function documentLines<T extends LineTable>(
  db: Kysely<Database>,
  table: T,
  documentIds: readonly number[],
) {
  const documentColumn: string = documentColumnOf[table];
  const lines = (await runReused(db, `lines of ${table} for ${documentIds.length}`, [...documentIds, 0], (ids) =>
    dynamic(db)
      .selectFrom(table as string)
      .selectAll()
      .where(documentColumn, 'in', ids)
      .orderBy('position'),
  )) as Line<T>[];
  const grouped = groupBy(lines, (line) => Number((line as Record<string, unknown>)[documentColumn]));
  const items = await itemLabels(
    db,
    lines.map((line) => line.item_id),
  );
  return {
    linesOf: (documentId: number): Line<T>[] => grouped.get(documentId) ?? [],
    itemOf: (itemId: number) => ({
      item_code: items.get(itemId)?.code ?? null,
      item_name: items.get(itemId)?.name ?? null,
    }),
  };
}

async function itemLabels(db: Kysely<Database>, itemIds: readonly number[]) {
  const wanted = [...new Set(itemIds)];
  if (wanted.length === 0) return new Map<number, { code: string; name: string }>();
  const rows = await runReused(db, `item labels of ${wanted.length}`, wanted, (ids) =>
    db.selectFrom('items').select(['id', 'code', 'name']).where('id', 'in', ids),
  );
  return new Map(rows.map((row) => [row.id, { code: row.code, name: row.name }]));
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
export async function paidDocuments(db: Kysely<Database>, table: PayableTable, documentIds: readonly number[]) {
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
