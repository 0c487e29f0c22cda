import { Readable } from 'node:stream';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { manilaTimestamp } from '../domain/business-date.ts';
import { formulaCell } from '../http/csv-text.ts';
import { type RegistryEntry, registry } from '../registry/resources.ts';
import { type ColumnKind, exportColumnKinds, exportLineColumns, exportLineKinds } from './contract-fields.ts';
import { costsFor } from './costs.ts';
import { listedRows, parseListQuery } from './list.ts';
import type { AnyResource, RecordTableName, ResourceContext, Row } from './resource.ts';

// Rows are read and presented a batch at a time, by id, so that 100,000 records never sit in memory at once.
const batchSize = 500;

type Flat = Record<string, string | number | boolean | null>;

// Does the request ask for CSV rather than a page of JSON (`Accept: text/csv`)?
export function wantsCsv(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => part.trim().toLowerCase().startsWith('text/csv'));
}

// Columns a person has no use for: whose business and who wrote the row (the history says so), and the ids of
// related records, which the export names instead.
const internal = (column: string) =>
  column === 'business_id' || column === 'created_by' || column === 'updated_by' || /(^|\.|_)id$/.test(column)
    ? column !== 'id'
    : false;

// The party a document's `contact` is, as the registry names it.
const partyOf = new Map(registry.flatMap((entry: RegistryEntry) => (entry.party ? [[entry.key, entry.party]] : [])));

function partyName(prefix: string, base: string): string {
  const last = base.split('.').at(-1) ?? base;
  if (last !== 'contact') return base;
  const party = partyOf.get(prefix);
  return party ? base.replace(/contact$/, party) : base;
}

type Cell = (flat: Flat) => string | number | boolean | null;
type Plan = { header: string[]; cells: Cell[]; lineCells: Cell[] };

// Codes whose words are not the code with its first letter capitalised: the tax classes, as the item form's options
// read them.
const codeWordings: Readonly<Record<string, string>> = {
  vatable: 'VATable',
  vat_exempt: 'VAT-exempt',
  zero_rated: 'Zero-rated',
};

// A code as the screens write it ("partially_paid" reads "Partially paid"); CSV in takes these words back.
export function codeWords(code: string): string {
  const spaced = code.replaceAll('_', ' ');
  return codeWordings[code] ?? spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function cellOf(column: string, kind: ColumnKind | undefined): Cell {
  if (kind === 'money')
    return (flat) => (typeof flat[column] === 'number' ? flat[column].toFixed(2) : (flat[column] ?? ''));
  if (kind === 'timestamp') {
    return (flat) =>
      typeof flat[column] === 'string' ? manilaTimestamp(new Date(flat[column])) : (flat[column] ?? '');
  }
  if (kind === 'word')
    return (flat) => (typeof flat[column] === 'string' ? codeWords(flat[column]) : (flat[column] ?? ''));
  return (flat) => flat[column] ?? '';
}

/**
 * docs/domain/README.md, Export (CSV out): a related record by its name (`customer` for an
 * invoice's `contact_name`, `branch` and `warehouse` for a location's name), no internal ids or audit columns,
 * money with two decimals, timestamps in Manila time ("2026-11-25 14:03:07"), codes in words ("Partially paid",
 * "VATable"); dates stay `YYYY-MM-DD`. A document's lines follow its own columns as `line.` columns: its number
 * in the document, then the line's fields worded the same way (`line.item`, `line.quantity`, `line.amount`).
 */
export function exportPlan(prefix: string, columns: readonly string[]): Plan {
  const kinds = exportColumnKinds(prefix);
  const present = new Set(columns);
  const header: string[] = [];
  const cells: Cell[] = [];
  const format = cellOf;
  for (const column of columns) {
    if (internal(column)) continue;
    const named = /^(.*)_(name|number)$/.exec(column);
    const base = named?.[1];
    if (base === 'location' && present.has('branch_id') && present.has('warehouse_id')) {
      header.push('branch', 'warehouse');
      cells.push(
        (flat) => (flat.branch_id !== null && flat.branch_id !== undefined ? (flat[column] ?? '') : ''),
        (flat) => (flat.warehouse_id !== null && flat.warehouse_id !== undefined ? (flat[column] ?? '') : ''),
      );
      continue;
    }
    header.push(base !== undefined && present.has(`${base}_id`) ? partyName(prefix, base) : column);
    cells.push(format(column, kinds.get(column)));
  }
  const lineColumns = exportLineColumns(prefix);
  const lineKinds = exportLineKinds(prefix);
  const lineCells: Cell[] = [];
  if (lineColumns.length > 0) {
    const lineNamed = new Set(lineColumns);
    header.push('line');
    lineCells.push((flat) => flat.line ?? '');
    for (const column of lineColumns) {
      // A line's user or record id that the line also names (`counted_by` beside `counted_by_name`) goes by its name.
      if (column === 'id' || internal(column) || lineNamed.has(`${column}_name`)) continue;
      const base = /^(.*)_(name|number)$/.exec(column)?.[1];
      const named = base !== undefined && (lineNamed.has(`${base}_id`) || lineNamed.has(base));
      header.push(`line.${named ? base : column}`);
      lineCells.push(format(column, lineKinds.get(column)));
    }
  }
  return { header, cells, lineCells };
}

/**
 * Every record a list's query selects, all pages, as CSV: a header row, then one row per record as
 * `exportPlan` words it, or per line of a document with lines (a document without any still has its row); a field
 * holding an object is spread into `field.key` columns, and other lists are left out. The query is checked before
 * the first byte is sent, so a bad filter still answers a 422.
 */
export async function exportRecords(
  resource: AnyResource,
  ctx: ResourceContext,
  rawQuery: unknown,
  columns: readonly string[],
): Promise<Readable> {
  const query = parseListQuery(resource, rawQuery);
  const rows = await listedRows(resource, ctx, query);
  const descending = query.order_by === 'desc';
  const readable = costsFor(ctx, resource.costs).record;

  const plan = exportPlan(resource.prefix, columns);
  const ownColumns = Object.entries(resource.csvColumns ?? {});
  plan.header.splice(plan.cells.length, 0, ...ownColumns.map(([name]) => name));

  async function* csvChunks(): AsyncGenerator<string> {
    yield `${Papa.unparse([plan.header], { newline: '\r\n' })}\r\n`;
    // In the list's own order (a document's by its date, the id breaking ties), page after page from the last row.
    const dateField = resource.documentDate?.field ?? null;
    const beyond = descending ? '<' : '>';
    let after: { id: number; date: unknown } | null = null;
    for (;;) {
      let batch = dateField ? rows.orderBy(sql.ref(dateField), query.order_by) : rows;
      batch = batch.orderBy('id', query.order_by).limit(batchSize);
      if (after !== null) {
        const last = after;
        batch = dateField
          ? batch.where((eb) =>
              eb.or([
                eb(sql.ref(dateField), beyond, last.date),
                eb.and([eb(sql.ref(dateField), '=', last.date), eb('id', beyond, last.id)]),
              ]),
            )
          : batch.where('id', beyond, last.id);
      }
      const found = (await batch.execute()) as unknown as Row<RecordTableName>[];
      if (found.length === 0) return;
      const records = (await resource.present(ctx, found)).map(readable) as Record<string, unknown>[];
      const table = records.flatMap((record) => {
        const flat = flatten(record);
        const own = [...plan.cells.map((cell) => cell(flat)), ...ownColumns.map(([, cell]) => cell(record))];
        if (plan.lineCells.length === 0) return [own];
        const lines = Array.isArray(record.lines) ? (record.lines as Record<string, unknown>[]) : [];
        if (lines.length === 0) return [[...own, ...plan.lineCells.map(() => '')]];
        return lines.map((line, index) => {
          const lineFlat = { ...flatten(line), line: index + 1 };
          return [...own, ...plan.lineCells.map((cell) => cell(lineFlat))];
        });
      });
      yield `${Papa.unparse(table, { newline: '\r\n', escapeFormulae: formulaCell })}\r\n`;
      const lastRow = found.at(-1) as Record<string, unknown> | undefined;
      after = { id: Number(lastRow?.id), date: dateField ? lastRow?.[dateField] : null };
      if (found.length < batchSize) return;
    }
  }
  return Readable.from(csvChunks());
}

function flatten(record: Record<string, unknown>): Flat {
  const flat: Flat = {};
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) continue;
    if (value !== null && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (!Array.isArray(innerValue) && (innerValue === null || typeof innerValue !== 'object')) {
          flat[`${key}.${inner}`] = innerValue as Flat[string];
        }
      }
    } else {
      flat[key] = value as Flat[string];
    }
  }
  return flat;
}
