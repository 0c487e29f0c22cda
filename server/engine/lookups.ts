import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';

export type NameLookup = { table: keyof Database & string; ids: readonly (number | null)[]; column?: string };

type LookupRow = { lookup: string; id: number; value: unknown };

const identifier = /^[a-z_][a-z0-9_]*$/;

// Display names of referenced records for a whole page of rows in one query (trashed ones included: a record
// keeps showing the name of what it refers to).
export async function namesById(
  db: Kysely<Database>,
  table: keyof Database & string,
  ids: readonly (number | null)[],
  column = 'name',
): Promise<Map<number, string>> {
  const { names } = await namesIn(db, { names: { table, ids, column } });
  return names as Map<number, string>;
}

/**
 * The same for several kinds of reference at once (`column` defaults to `name`; a null column reads null), in one
 * query: a UNION ALL of one lookup per kind. Building and sending a small query costs more than running it, and
 * a record refers to many kinds (an item: its brand, type, classification, unit, family).
 */
export async function namesIn<K extends string>(
  db: Kysely<Database>,
  lookups: Readonly<Record<K, NameLookup>>,
): Promise<Record<K, Map<number, string | null>>> {
  const found = Object.fromEntries(Object.keys(lookups).map((key) => [key, new Map()])) as Record<
    K,
    Map<number, string | null>
  >;
  const parameters: number[] = [];
  const placeholder = dialectOf(db) === 'postgres' ? () => `$${parameters.length}` : () => '?';
  const parts = (Object.entries(lookups) as [K, NameLookup][]).flatMap(([key, { table, ids, column = 'name' }]) => {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return [];
    for (const name of [key, table, column]) if (!identifier.test(name)) throw new Error(`Cannot look up ${name}.`);
    const list = wanted.map((id) => {
      parameters.push(id);
      return placeholder();
    });
    return [`SELECT '${key}' AS lookup, id, "${column}" AS value FROM "${table}" WHERE id IN (${list.join(', ')})`];
  });
  if (parts.length === 0) return found;
  // Written out rather than built: Kysely's builder took longer to build this than the database to answer it.
  const { rows } = await db.executeQuery<LookupRow>(CompiledQuery.raw(parts.join(' UNION ALL '), parameters));
  for (const row of rows) {
    found[row.lookup as K]?.set(Number(row.id), row.value === null ? null : String(row.value));
  }
  return found;
}

export function nameOf(names: Map<number, string | null>, id: number | null): string | null {
  return id === null ? null : (names.get(id) ?? null);
}
