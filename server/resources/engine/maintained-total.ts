import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { countedTables } from '../../db/migrations/003_list_totals.ts';

const counted = new Set<string>(countedTables);

export function hasMaintainedTotal(table: string): boolean {
  return counted.has(table);
}

// The total of an unfiltered list, read from the trigger-kept counts instead of counting the rows.
export async function maintainedTotal(
  db: Kysely<Database>,
  businessId: number,
  table: string,
  trashed: { with_trashed: 0 | 1; only_trashed: 0 | 1 },
): Promise<number> {
  const counts = await db
    .selectFrom('record_counts')
    .select(['active', 'trashed'])
    .where('business_id', '=', businessId)
    .where('table_name', '=', table)
    .executeTakeFirst();
  if (!counts) return 0;
  if (trashed.only_trashed === 1) return Number(counts.trashed);
  if (trashed.with_trashed === 1) return Number(counts.active) + Number(counts.trashed);
  return Number(counts.active);
}
