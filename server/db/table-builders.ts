import type { CreateTableBuilder, Kysely } from 'kysely';
import { plainIdColumn } from './dialect.ts';

// The shapes migrations build tables and indexes with. Released migrations call these, so what one of
// them builds never changes: a database migrated long ago and a new one must end with the same schema, which
// tests/ops/upgrade.test.ts compares. Another shape is another function.

type Table = CreateTableBuilder<string, 'id'>;

// A document's line: its business, the document it belongs to (deleted with it) and its place on the document. The
// caller adds the line's own columns and, where it keeps them, its audit dates.
export function lineTable(db: Kysely<unknown>, name: string, parentColumn: string, parentTable: string): Table {
  const id = plainIdColumn(db);
  return db.schema
    .createTable(name)
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn(parentColumn, 'integer', (column) =>
      column.notNull().references(`${parentTable}.id`).onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull());
}

// What a memo's amount did (docs/domain/sales.md, Credit memos; docs/domain/purchasing.md, Debit memos): the part
// applied to the document it corrects, the excess, and how the excess was settled (refunded, by what and its
// reference, or kept as credit).
export function withSettlement<T extends string>(table: CreateTableBuilder<T, 'id'>): CreateTableBuilder<T, 'id'> {
  return table
    .addColumn('applied_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('excess_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('settlement', 'text')
    .addColumn('refund_method', 'text')
    .addColumn('refund_reference', 'text');
}

// A document number is unique within its business.
export async function uniqueNumber(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .createIndex(`${table}_business_id_number_unique`)
    .on(table)
    .columns(['business_id', 'number'])
    .unique()
    .execute();
}

// A column unique within its business (a branch's code, a contact type's name), named `{table}_{column}_unique`.
export async function uniquePerBusiness(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  await db.schema
    .createIndex(`${table}_${column}_unique`)
    .on(table)
    .columns(['business_id', column])
    .unique()
    .execute();
}

// Indexes led by business_id, as every tenant query filters by it, named `{table}_{columns}_index` (the names
// migrations 002 and 007 gave).
export async function tenantIndexes(db: Kysely<unknown>, table: string, columnSets: string[][]): Promise<void> {
  for (const columns of columnSets) {
    await db.schema
      .createIndex(`${table}_${columns.join('_')}_index`)
      .on(table)
      .columns(['business_id', ...columns])
      .execute();
  }
}

// The same indexes on several tables, named `{table}_business_id_{columns}_index` (the names from migration 011 on).
export async function businessIndexes(
  db: Kysely<unknown>,
  indexes: readonly (readonly [string, readonly string[]])[],
): Promise<void> {
  for (const [table, columns] of indexes) {
    await db.schema
      .createIndex(`${table}_business_id_${columns.join('_')}_index`)
      .on(table)
      .columns(['business_id', ...columns])
      .execute();
  }
}

// Amounts added to an existing table (what memos took back from an invoice's lines, a contact's store credit): money
// in centavos or quantities in thousandths, zero on the rows already there.
export async function addAmountColumns(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  for (const column of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'bigint', (definition) => definition.notNull().defaultTo(0))
      .execute();
  }
}
