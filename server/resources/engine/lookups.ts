import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dynamic } from './dynamic.ts';

// Display names of referenced records for a whole page of rows in one query (trashed ones included: a record
// keeps showing the name of what it refers to).
export async function namesById(
  db: Kysely<Database>,
  table: keyof Database & string,
  ids: readonly (number | null)[],
  column = 'name',
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await dynamic(db).selectFrom(table).select(['id', column]).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [Number(row.id), String(row[column])]));
}

export function nameOf(names: Map<number, string>, id: number | null): string | null {
  return id === null ? null : (names.get(id) ?? null);
}
