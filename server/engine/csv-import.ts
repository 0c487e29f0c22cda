import Papa from 'papaparse';
import { type FieldErrors, Refusal, unprocessable } from '../domain/refusal.ts';
import { withoutFormulaGuard } from '../http/csv-text.ts';
import { type BodyField, createFields } from './contract-fields.ts';
import { dynamic } from './dynamic.ts';
import { createWithin } from './mutations.ts';
import type { AnyResource, ResourceContext } from './resource.ts';

// A data row of an import: its number as a spreadsheet shows it (the header is row 1) and its cells by column.
export type ImportRow = { row: number; cells: Readonly<Record<string, string>> };

// Finds a related record by the name or code a person wrote in the cell; null when there is none.
export type Lookup = (ctx: ResourceContext, text: string) => Promise<number | null>;

// A column that names a related record (`item_type`) and the body field its id fills (`item_type_id`).
export type Relation = { field: string; label: string; lookup: Lookup };

export type ImportDefinition = {
  prefix: string;
  permission: string;
  // The template's header and its example row.
  template: { columns: readonly string[]; example: Readonly<Record<string, string>> };
  // Refuses a header with unknown columns or without a required one (a 422 on row 1).
  header(columns: readonly string[]): void;
  // Checks and writes every row inside the import's one transaction; answers how many records it wrote, and
  // reports every refused cell in `errors` as `rows.{row}.{column}` instead of stopping at the first.
  write(ctx: ResourceContext, rows: readonly ImportRow[], errors: FieldErrors): Promise<number>;
};

export const maxImportRows = 20_000;

export function parseCsv(text: string): { columns: string[]; rows: ImportRow[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    transform: withoutFormulaGuard,
  });
  const columns = parsed.meta.fields ?? [];
  const rows = parsed.data.map((cells, index) => ({ row: index + 2, cells }));
  if (columns.length === 0) throw unprocessable({ 'rows.1': ['The file has no header row.'] });
  if (rows.length === 0) throw unprocessable({ 'rows.2': ['The file has no rows under its header.'] });
  if (rows.length > maxImportRows) {
    throw unprocessable({ rows: [`An import takes at most ${maxImportRows.toLocaleString('en-US')} rows at once.`] });
  }
  return { columns, rows };
}

// The column a body field is read from: a related record's name column (`brand` for `brand_id`), else the field.
export function columnOf(field: string, relations: Readonly<Record<string, Relation>>): string {
  return Object.entries(relations).find(([, relation]) => relation.field === field)?.[0] ?? field;
}

// Checks the header against what the import reads: unknown columns and missing required ones name row 1.
export function checkHeader(
  columns: readonly string[],
  fields: readonly BodyField[],
  relations: Readonly<Record<string, Relation>>,
  extra: readonly string[] = [],
): void {
  const known = new Set([...fields.map((field) => columnOf(field.name, relations)), ...extra]);
  const errors: FieldErrors = {};
  for (const column of columns) {
    if (!known.has(column)) errors[`rows.1.${column}`] = [`The column ${column} is not one this import reads.`];
  }
  for (const field of fields) {
    const column = columnOf(field.name, relations);
    if (field.required && !columns.includes(column)) errors[`rows.1.${column}`] = [`The column ${column} is missing.`];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/**
 * Turns a row's cells into a create body: text as it is, numbers and flags parsed, a related record found by its name
 * or code, discount tiers written as docs/domain/catalogue.md shows them (`10:5%, 20:10%`). An empty cell leaves the
 * field out, so the record takes its default. A cell that cannot be read is reported and left as text, so the
 * contract's own validation names it too.
 */
export async function rowBody(
  ctx: ResourceContext,
  row: ImportRow,
  fields: readonly BodyField[],
  relations: Readonly<Record<string, Relation>>,
  errors: FieldErrors,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const column = columnOf(field.name, relations);
    const cell = row.cells[column]?.trim() ?? '';
    if (cell === '') continue;
    const relation = relations[column];
    if (relation) {
      const id = await relation.lookup(ctx, cell);
      if (id === null) errors[`rows.${row.row}.${column}`] = [`No ${relation.label} named “${cell}”.`];
      else body[field.name] = id;
      continue;
    }
    const value = cellValue(field, cell);
    const refused = refusedCell(field, value);
    if (refused !== null) errors[`rows.${row.row}.${column}`] = [refused];
    else body[field.name] = value;
  }
  return body;
}

// A code as the screens write it too: `Vatable`, `VAT-exempt`, `Two-week` for `vatable`, `vat_exempt`, `two_week`.
const codeOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

// Why a cell cannot be the field's value, naming what it may be; null when it can.
function refusedCell(field: BodyField, value: unknown): string | null {
  if (field.values && typeof value === 'string' && !field.values.includes(value)) {
    return `“${value}” is not one of: ${field.values.join(', ')}.`;
  }
  if (field.format === 'date' && typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return `“${value}” is not a date: write YYYY-MM-DD or MM/DD/YYYY.`;
  }
  return null;
}

// A date as `YYYY-MM-DD` or as a spreadsheet in the Philippines writes it, `MM/DD/YYYY`; anything else as it is.
export function importedDate(cell: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  if (!us) return cell;
  const [, month = '', day = '', year = ''] = us;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? cell : iso;
}

function cellValue(field: BodyField, cell: string): unknown {
  if (field.type === 'integer' || field.type === 'number') {
    const number = Number(cell.replaceAll(',', ''));
    return Number.isFinite(number) ? number : cell;
  }
  if (field.type === 'boolean') {
    const flag = cell.toLowerCase();
    if (['1', 'true', 'yes', 'y'].includes(flag)) return true;
    if (['0', 'false', 'no', 'n'].includes(flag)) return false;
    return cell;
  }
  if (field.values) return field.values.find((code) => codeOf(code) === codeOf(cell)) ?? cell;
  if (field.format === 'date') return importedDate(cell);
  if (field.type === 'array') {
    return cell.split(',').map((tier) => {
      const [quantity = '', percent = ''] = tier.split(':').map((part) => part.trim().replace(/%$/, ''));
      return { quantity: Number(quantity), discount_percent: Number(percent) };
    });
  }
  return cell;
}

// Creates one record of `resource` from a row, through the same validation and checks as its create call; its
// refusal is reported on the row, each field under the column it came from.
export async function createFromRow(
  resource: AnyResource,
  ctx: ResourceContext,
  row: ImportRow,
  body: Record<string, unknown>,
  relations: Readonly<Record<string, Relation>>,
  errors: FieldErrors,
): Promise<boolean> {
  const refusal = await refusalOf(() => createWithin(resource, ctx, body));
  if (refusal === null) return true;
  if (Object.keys(refusal.errors).length === 0) errors[`rows.${row.row}`] = [refusal.message];
  for (const [field, messages] of Object.entries(refusal.errors)) {
    const column = columnOf(field.split('.')[0] ?? field, relations);
    errors[`rows.${row.row}.${column}`] = messages;
  }
  return false;
}

// Runs a write and answers its 422 refusal (message and field errors), or null when it went through; any other
// failure goes on up.
export async function refusalOf(
  write: () => Promise<unknown>,
): Promise<{ message: string; errors: FieldErrors } | null> {
  try {
    await write();
    return null;
  } catch (error) {
    // A row the records' state refuses (a likely second record of a contact) is that row's error like any other.
    if (!(error instanceof Refusal) || (error.kind !== 'invalid' && error.kind !== 'conflict')) throw error;
    return { message: error.message, errors: error.errors ?? {} };
  }
}

// A lookup of a business's active records by one of their text columns, case-insensitive, remembered for the
// rest of the import (the same brand is named on many rows).
export function lookupBy(table: string, columns: readonly string[]): Lookup {
  const found = new WeakMap<ResourceContext, Map<string, number | null>>();
  return async (ctx, text) => {
    let known = found.get(ctx);
    if (!known) {
      known = new Map();
      found.set(ctx, known);
    }
    const key = text.toLowerCase();
    if (!known.has(key)) {
      const row = await dynamic(ctx.db)
        .selectFrom(table)
        .select('id')
        .where('business_id', '=', ctx.businessId)
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or(columns.map((column) => eb(eb.fn('lower', [eb.ref(column)]), '=', key))))
        .orderBy('id')
        .executeTakeFirst();
      known.set(key, row ? Number(row.id) : null);
    }
    return known.get(key) ?? null;
  };
}

// A column of its own (the resource's `csvColumns`, read back): puts what its cell says into the body, or answers why
// the cell cannot be read.
export type CellColumn = (cell: string, body: Record<string, unknown>) => string | null;

// One record per row, for a resource served by the engine. A field the contract nests (an object) is no column of its
// own: `cells` reads it from the columns its export writes.
export function recordImport(
  resource: AnyResource,
  relations: Readonly<Record<string, Relation>>,
  example: Readonly<Record<string, string>>,
  cells: Readonly<Record<string, CellColumn>> = {},
): ImportDefinition {
  const fields = () => createFields(resource.prefix).filter((field) => field.type !== 'object');
  const own = Object.keys(cells);
  return {
    prefix: resource.prefix,
    permission: `create-${resource.prefix}`,
    template: {
      get columns() {
        return [...fields().map((field) => columnOf(field.name, relations)), ...own];
      },
      example,
    },
    header: (columns) => checkHeader(columns, fields(), relations, own),
    async write(ctx, rows, errors) {
      let created = 0;
      for (const row of rows) {
        const before = Object.keys(errors).length;
        const body = await rowBody(ctx, row, fields(), relations, errors);
        for (const [column, read] of Object.entries(cells)) {
          const cell = row.cells[column]?.trim() ?? '';
          const refused = cell === '' ? null : read(cell, body);
          if (refused !== null) errors[`rows.${row.row}.${column}`] = [refused];
        }
        if (Object.keys(errors).length > before) continue;
        if (await createFromRow(resource, ctx, row, body, relations, errors)) created += 1;
      }
      return created;
    },
  };
}
