import { CompiledQuery } from 'kysely';
import { type DialectName, dialectOf } from '../db/dialect.ts';
import { firstRowAtOnce, notAtOnce } from '../db/direct-read.ts';
import { notFound } from '../domain/refusal.ts';
import { presentOne } from './query.ts';
import type { AnyResource, ResourceContext } from './resource.ts';

const identifier = /^[a-z_][a-z0-9_]*$/;

function quoted(...names: string[]): string {
  for (const name of names) if (!identifier.test(name)) throw new Error(`Cannot select ${name}.`);
  return names.map((name) => `"${name}"`).join('.');
}

// The `column` (the display name by default) of the record that `of.reference` points to, trashed or not, as a
// list's lookup reads it (engine/lookups.ts).
export function referencedColumn(as: string, of: string, reference: string, table: string, column = 'name'): string {
  return `(SELECT ${quoted('referenced', column)} FROM ${quoted(table)} AS "referenced"
    WHERE "referenced"."id" = ${quoted(of, reference)}) AS ${quoted(as)}`;
}

export type ChildRows = {
  table: string;
  // The child's columns, under the same names in each JSON object.
  fields: readonly string[];
  // The record's columns the child's columns must equal, as child column → record column.
  on: Readonly<Record<string, string>>;
  // A record the child refers to by `reference` (null once gone), whose columns join the child's, as name in the
  // JSON object → column.
  joined?: { table: string; reference: string; fields: Readonly<Record<string, string>> };
};

// The record's child rows as one JSON array, in no particular order (SQLite answers it as text, PostgreSQL
// parsed): read with `childRows`. Ordering them in SQL cost SQLite a sorter on every read, more than the rest of
// the statement; the few rows of one record are ordered where they are presented.
export function childRowsColumn(dialect: DialectName, as: string, of: string, child: ChildRows): string {
  const { joined } = child;
  const pairs = [
    ...child.fields.map((field) => `'${field}', ${quoted('child', field)}`),
    ...Object.entries(joined?.fields ?? {}).map(
      ([name, column]) => `'${quoted(name).slice(1, -1)}', ${quoted('joined', column)}`,
    ),
  ].join(', ');
  const on = Object.entries(child.on)
    .map(([childColumn, column]) => `${quoted('child', childColumn)} = ${quoted(of, column)}`)
    .join(' AND ');
  const join = joined
    ? ` LEFT JOIN ${quoted(joined.table)} AS "joined" ON "joined"."id" = ${quoted('child', joined.reference)}`
    : '';
  return `(SELECT ${jsonArray(dialect, pairs)} FROM ${quoted(child.table)} AS "child"${join} WHERE ${on}) AS ${quoted(as)}`;
}

// The JSON array of one object of `pairs` ('name', value, ...) per row, '[]' for none.
export function jsonArray(dialect: DialectName, pairs: string): string {
  return dialect === 'postgres'
    ? `coalesce(json_agg(json_build_object(${pairs})), '[]'::json)`
    : `json_group_array(json_object(${pairs}))`;
}

export function childRows<T>(value: unknown): T[] {
  if (typeof value === 'string') return JSON.parse(value) as T[];
  return Array.isArray(value) ? (value as T[]) : [];
}

// The name of a referenced record as a lookup answers it: text, or null.
export function referencedText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export type AnyOneRead = NonNullable<AnyResource['one']>;

// The columns a resource's one-statement read selects from its table (named as itself): the row's own and the
// definition's names and child rows.
export function oneSelectList(resource: AnyResource, read: AnyOneRead, dialect: DialectName): string {
  return [`${quoted(resource.table)}.*`, ...read.columns(dialect)].join(', ');
}
type Statement = { sql: string; query: CompiledQuery };

const statements = new WeakMap<AnyResource, Map<DialectName, Statement>>();

function statementOf(resource: AnyResource, read: AnyOneRead, dialect: DialectName): Statement {
  let byDialect = statements.get(resource);
  if (!byDialect) {
    byDialect = new Map();
    statements.set(resource, byDialect);
  }
  let statement = byDialect.get(dialect);
  if (!statement) {
    const table = quoted(resource.table);
    const [business, id] = dialect === 'postgres' ? ['$1', '$2'] : ['?', '?'];
    const columns = oneSelectList(resource, read, dialect);
    const sql = `SELECT ${columns} FROM ${table} WHERE ${table}."business_id" = ${business} AND ${table}."id" = ${id}`;
    statement = { sql, query: CompiledQuery.raw(sql) };
    byDialect.set(dialect, statement);
  }
  return statement;
}

function presented(resource: AnyResource, read: AnyOneRead, ctx: ResourceContext, id: number, row: unknown): unknown {
  if (!row) throw notFound(`No ${resource.singular} with id ${id}.`);
  return read.present(ctx, row as Parameters<AnyOneRead['present']>[1]);
}

/**
 * The record as the API answers it, for a business resource that reads one in a single statement: at once, with
 * no promise, where SQLite can answer at once (server/db/direct-read.ts). Other resources read and present it
 * as a list does. Another business's record, like a missing one, answers 404.
 */
export function readOne(resource: AnyResource, ctx: ResourceContext, id: number): unknown {
  const read = resource.one;
  if (!read || resource.scope !== 'business' || resource.visibleIds) return presentOne(resource, ctx, id);
  const statement = statementOf(resource, read, dialectOf(ctx.db));
  const parameters = [ctx.businessId, id];
  const row = firstRowAtOnce(ctx.db, statement.sql, parameters);
  if (row !== notAtOnce) return presented(resource, read, ctx, id, row);
  return ctx.db
    .executeQuery({ ...statement.query, parameters })
    .then((result) => presented(resource, read, ctx, id, result.rows[0]));
}
