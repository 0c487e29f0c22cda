import type { Kysely } from 'kysely';
import { resources } from '../areas/index.ts';
import type { ScryptCost } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import { dynamic } from '../engine/dynamic.ts';
import { keepsHistory } from '../engine/history.ts';
import type { RecordTableName, Row } from '../engine/resource.ts';
import { asPresented, type Changes, changesBetween } from '../history/changes.ts';
import { demoResourceContext } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// The seed writes the demo's records straight to their tables and posting services, not through the API, so each
// record gets here the `created` entry the API would have written: by its creator, at its creation time, with the
// fields it was created with. The status moves the demo's receipts and payments made are already recorded; they
// are undone on the record as it reads now to find what it was created with.
export async function seedDemoHistory(
  db: Kysely<Database>,
  master: DemoMasterData,
  options: { passwordCost: ScryptCost; now: Date },
): Promise<void> {
  const ctx = demoResourceContext(db, master, options);
  const later = await db
    .selectFrom('record_history')
    .select(['resource', 'record_id', 'action', 'changes'])
    .orderBy('id', 'desc')
    .execute();
  // A record whose creation is already recorded (a lens variant that "Generate powers" made) keeps that entry.
  const createdAlready = new Set(
    later.filter((entry) => entry.action === 'created').map((entry) => `${entry.resource}:${entry.record_id}`),
  );
  for (const resource of resources.filter(keepsHistory)) {
    let query = dynamic(db).selectFrom(resource.table).selectAll().orderBy('id');
    if (resource.scope === 'business') query = query.where('business_id', '=', master.businessId);
    const rows = ((await query.execute()) as unknown as Row<RecordTableName>[]).filter(
      (row) => !createdAlready.has(`${resource.prefix}:${row.id}`),
    );
    if (rows.length === 0) continue;
    const presented = await resource.present(ctx, rows);
    const laterChangesOf = (recordId: number) =>
      later
        .filter((entry) => entry.resource === resource.prefix && entry.record_id === recordId)
        .map((entry) => JSON.parse(entry.changes) as Changes);
    const entries = rows.map((row, index) => ({
      business_id: resource.scope === 'business' ? master.businessId : null,
      resource: resource.prefix,
      record_id: row.id,
      action: 'created' as const,
      changes: JSON.stringify(changesBetween(null, asCreated(asPresented(presented[index]), laterChangesOf(row.id)))),
      user_id: row.created_by ?? master.adminUserId,
      at: row.created_at,
    }));
    for (let start = 0; start < entries.length; start += 500) {
      await db
        .insertInto('record_history')
        .values(entries.slice(start, start + 500))
        .execute();
    }
  }
}

// The record before the given changes, newest first, were made.
function asCreated(record: Record<string, unknown>, laterChanges: readonly Changes[]): Record<string, unknown> {
  const created = { ...record };
  for (const changes of laterChanges) {
    for (const [field, [old]] of Object.entries(changes)) created[field] = old;
  }
  return created;
}
