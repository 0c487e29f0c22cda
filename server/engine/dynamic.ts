import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

type DynamicDatabase = Record<string, Record<string, unknown>>;

// The engine addresses tables by name at run time; this is its one untyped view of the database.
export function dynamic(db: Kysely<Database>): Kysely<DynamicDatabase> {
  return db as unknown as Kysely<DynamicDatabase>;
}

export function auditColumns(row: {
  id: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  created_by: number | null;
  updated_by: number | null;
}) {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

// The fields a record presents just as they are stored, in the order given (the contract's).
export function storedFields<Stored, Field extends keyof Stored>(
  row: Stored,
  fields: readonly Field[],
): Pick<Stored, Field> {
  const picked = {} as Pick<Stored, Field>;
  for (const field of fields) picked[field] = row[field];
  return picked;
}
