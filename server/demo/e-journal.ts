import type { Kysely } from 'kysely';
import { resources } from '../areas/index.ts';
import type { ScryptCost } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import { dynamic } from '../engine/dynamic.ts';
import type { JournalRow, RecordTableName, Row } from '../engine/resource.ts';
import { demoResourceContext } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// The demo's e-journal (docs/domain/cash.md, The e-journal). The demo posts through the posting services, not the
// API's create, so no paper was journalled; and it renumbers its documents by date afterwards. The journal is
// therefore written here from the papers as they stand: each one's print at its creation, and a voided one's void
// after it, as the API would have kept them.
export async function seedDemoEJournal(
  db: Kysely<Database>,
  master: DemoMasterData,
  options: { passwordCost: ScryptCost; now: Date },
): Promise<void> {
  await db.deleteFrom('e_journal_entries').where('business_id', '=', master.businessId).execute();
  const ctx = demoResourceContext(db, master, options);
  type Paper = { at: string; order: number; write: () => Promise<JournalRow> };
  const papers: Paper[] = [];
  for (const resource of resources) {
    const journal = resource.journal?.bind(resource);
    if (!journal) continue;
    const rows = (await dynamic(db)
      .selectFrom(resource.table)
      .selectAll()
      .where('business_id', '=', master.businessId)
      .orderBy('id')
      .execute()) as unknown as Row<RecordTableName>[];
    if (rows.length === 0) continue;
    const presented = (await resource.present(ctx, rows)) as Record<string, unknown>[];
    for (const [index, row] of rows.entries()) {
      const record = presented[index] ?? {};
      const createdAt = String(row.created_at);
      papers.push({
        at: createdAt,
        order: papers.length,
        write: () => journal({ ...ctx, now: createdAt }, record, 'posted'),
      });
      if (row.deleted_at) {
        const voidedAt = String(row.deleted_at);
        papers.push({
          at: voidedAt,
          order: papers.length,
          write: () => journal({ ...ctx, now: voidedAt }, record, 'voided'),
        });
      }
    }
  }
  // Written in the order they happened, as a live journal grows.
  papers.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order));
  for (const paper of papers)
    await db
      .insertInto('e_journal_entries')
      .values(await paper.write())
      .execute();
}
