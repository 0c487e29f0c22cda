import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DialectName } from '../../db/dialect.ts';
import { runReused } from '../../db/reused-query.ts';
import type { StockBalance } from '../../db/tables/documents.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { jsonArray } from '../../engine/read-one.ts';

export type PresentedLineLot = { lot_number: string; expires_on: string; quantity: number };

// The lots each posted line of a page of documents took its goods from, read from the ledger: the lots whose
// `balance` the line's movements took down, net of voids (a voided document shows none). Earliest expiry first.
// The movements are found by the business and the document, the key of their index: without the business the
// planner walked the index of lot movements instead (docs/PERFORMANCE.md, What moved the numbers).
export async function lineLots(
  db: Kysely<Database>,
  documentType: string,
  balance: StockBalance,
  documents: readonly { id: number; business_id: number }[],
  // `in`: the lots a line put its goods into (a restocked return) rather than took them from.
  way: 'out' | 'in' = 'out',
): Promise<(lineId: number) => PresentedLineLot[]> {
  const documentIds = documents.map((document) => document.id);
  const rows = await runReused(
    db,
    `line lots for ${documentIds.length}`,
    [documents[0]?.business_id ?? 0, documentType, balance, ...documentIds, 0] as const,
    ([business, type, balanceOf, ...ids]) =>
      db
        .selectFrom('stock_movements')
        .select(['document_line_id', 'lot_number', 'expires_on', sql<string>`sum(quantity_delta)`.as('delta')])
        .where('business_id', '=', business)
        .where('document_type', '=', type)
        .where('document_id', 'in', ids)
        .where('balance', '=', balanceOf)
        .where('stock_lot_id', 'is not', null)
        .groupBy(['document_line_id', 'lot_number', 'expires_on'])
        .orderBy('expires_on')
        .orderBy('lot_number'),
  );
  return lotsByLine(rows, way);
}

export type LineLotRow = {
  document_line_id: number | null;
  lot_number: string | null;
  expires_on: string | null;
  delta: string | number;
};

// The lots of each line from its movements' sums by lot, read in order of expiry and lot number.
export function lotsByLine(
  rows: readonly LineLotRow[],
  way: 'out' | 'in' = 'out',
): (lineId: number) => PresentedLineLot[] {
  const byLine = new Map<number, PresentedLineLot[]>();
  for (const row of rows) {
    const taken = way === 'out' ? -Number(row.delta) : Number(row.delta);
    if (row.document_line_id === null || taken <= 0 || !row.lot_number || !row.expires_on) continue;
    const lots = byLine.get(row.document_line_id) ?? [];
    lots.push({ lot_number: row.lot_number, expires_on: row.expires_on, quantity: fromThousandths(taken) });
    byLine.set(row.document_line_id, lots);
  }
  return (lineId) => byLine.get(lineId) ?? [];
}

// The same sums for one document, as a JSON array column of the document's one-statement read (engine/read-one.ts),
// in the order lineLots reads them: the aggregate keeps its subquery's order in both databases.
export function lineLotsColumn(
  dialect: DialectName,
  as: string,
  documentTable: string,
  documentType: string,
  balance: StockBalance,
): string {
  const pairs = ['document_line_id', 'lot_number', 'expires_on', 'delta'].map(
    (field) => `'${field}', "sums"."${field}"`,
  );
  return `(SELECT ${jsonArray(dialect, pairs.join(', '))} FROM (
      SELECT "document_line_id", "lot_number", "expires_on", sum("quantity_delta") AS "delta" FROM "stock_movements"
      WHERE "business_id" = "${documentTable}"."business_id" AND "document_type" = '${documentType}'
        AND "document_id" = "${documentTable}"."id" AND "balance" = '${balance}'
        AND "stock_lot_id" IS NOT NULL
      GROUP BY "document_line_id", "lot_number", "expires_on"
      ORDER BY "expires_on", "lot_number"
    ) AS "sums") AS "${as}"`;
}
