import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { formulaCell } from '../http/csv-text.ts';
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

/**
 * Every record a list's query selects, all pages, as CSV: a header row, then one row per record with its
 * scalar fields (money and quantities as plain numbers, dates as ISO text); a field holding an object is spread
 * into `field.key` columns, and lists (a document's lines) are left out. The query is checked before the first
 * byte is sent, so a bad filter still answers a 422.
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

  async function* csvChunks(): AsyncGenerator<string> {
    yield `${Papa.unparse([columns as string[]], { newline: '\r\n' })}\r\n`;
    let after: number | null = null;
    for (;;) {
      let batch = rows.orderBy('id', query.order_by).limit(batchSize);
      if (after !== null) batch = batch.where('id', descending ? '<' : '>', after);
      const found = (await batch.execute()) as unknown as Row<RecordTableName>[];
      if (found.length === 0) return;
      const records = (await resource.present(ctx, found)).map(readable) as Record<string, unknown>[];
      const table = records.map((record) => {
        const flat = flatten(record);
        return columns.map((column) => flat[column] ?? '');
      });
      yield `${Papa.unparse(table, { newline: '\r\n', escapeFormulae: formulaCell })}\r\n`;
      after = Number(found.at(-1)?.id);
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
