import { type Kysely, sql } from 'kysely';
import { resources } from '../areas/index.ts';
import { revaluationDocumentType } from '../areas/purchasing/bill-revaluation.ts';
import type { Database } from '../db/database.ts';
import { dynamic } from '../engine/dynamic.ts';
import { documentEntries, documentKindOf } from '../registry/resources.ts';
import type { DemoMasterData } from './master-data.ts';

type NumberedRow = { id: number; number: string | null; date: string };

// The demo's areas each post their own documents over the same weeks, one area after another, so a series' counts
// came out in the order the areas ran, not in date order (an invoice of the 5th numbered after one of the 7th). A
// shop's series follow its days (docs/domain/README.md, Numbering), and a Z-reading's first and last number must
// not overlap the next day's: each series hands its counts out again in date order, each number with its own date,
// before the days are closed. The counts stay the ones the counters gave, so the next document takes the next one.
export async function numberDemoDocumentsByDate(db: Kysely<Database>, master: DemoMasterData): Promise<void> {
  for (const entry of documentEntries) {
    const resource = resources.find((candidate) => candidate.prefix === entry.key);
    const dated = resource?.documentDate;
    if (!resource || !dated) continue;
    const rows = (await dynamic(db)
      .selectFrom(resource.table)
      .select(['id', 'number', `${dated.field} as date`])
      .where('business_id', '=', master.businessId)
      .execute()) as unknown as NumberedRow[];
    const series = new Map<string, { rows: NumberedRow[]; counts: string[] }>();
    for (const row of rows) {
      const parts = row.number?.split('-') ?? [];
      const count = parts.at(-1);
      const place = parts.at(-2);
      if (count === undefined || place === undefined) continue;
      const one = series.get(place) ?? { rows: [], counts: [] };
      one.rows.push(row);
      one.counts.push(count);
      series.set(place, one);
    }
    const renumbered: { id: number; number: string }[] = [];
    for (const [place, one] of series) {
      const counts = one.counts.sort();
      const inOrder = one.rows.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
      inOrder.forEach((row, index) => {
        const number = `${entry.document.numberPrefix}-${row.date.replaceAll('-', '')}-${place}-${counts[index]}`;
        if (number !== row.number) renumbered.push({ id: row.id, number });
      });
    }
    // Numbers are unique in a business: the moving ones step aside first. A few statements per series, not a few
    // per document, keep the seed quick.
    for (let start = 0; start < renumbered.length; start += 400) {
      const chunk = renumbered.slice(start, start + 400);
      const ids = chunk.map((row) => row.id);
      const newNumber = sql.join(
        chunk.map((row) => sql`WHEN ${row.id} THEN ${row.number}`),
        sql` `,
      );
      await sql`UPDATE ${sql.table(resource.table)} SET number = ${'~'} || CAST(id AS TEXT)
        WHERE id IN (${sql.join(ids)})`.execute(db);
      await sql`UPDATE ${sql.table(resource.table)} SET number = CASE id ${newNumber} END
        WHERE id IN (${sql.join(ids)})`.execute(db);
      await sql`UPDATE stock_movements SET document_number = CASE document_id ${newNumber} END
        WHERE business_id = ${master.businessId} AND document_type = ${documentKindOf(entry.key)}
          AND document_id IN (${sql.join(ids)})`.execute(db);
    }
  }
  // A bill's revaluation is a movement of its own, named by the bill's number.
  await sql`UPDATE stock_movements SET document_number = (
      SELECT b.number FROM bill_receipt_matches r JOIN bills b ON b.id = r.bill_id WHERE r.id = stock_movements.document_id)
    WHERE business_id = ${master.businessId} AND document_type = ${revaluationDocumentType}`.execute(db);
}

// The demo's books are closed through the end of the month before its oldest dated record: the setting shows on the
// business, and every demo document, the oldest too, can still be opened, edited and voided.
export async function closeDemoBooks(db: Kysely<Database>, master: DemoMasterData): Promise<void> {
  let oldest: string | null = null;
  for (const resource of resources) {
    const dated = resource.documentDate;
    if (!dated || resource.scope !== 'business') continue;
    const row = (await dynamic(db)
      .selectFrom(resource.table)
      .select(sql<string | null>`MIN(${sql.ref(dated.field)})`.as('day'))
      .where('business_id', '=', master.businessId)
      .executeTakeFirst()) as { day: string | null } | undefined;
    if (row?.day && (oldest === null || row.day < oldest)) oldest = row.day;
  }
  if (oldest === null) return;
  const monthBefore = new Date(`${oldest.slice(0, 7)}-01T00:00:00Z`);
  monthBefore.setUTCDate(0);
  await db
    .updateTable('businesses')
    .set({ books_closed_through: monthBefore.toISOString().slice(0, 10) })
    .where('id', '=', master.businessId)
    .execute();
}
