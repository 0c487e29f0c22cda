import type { Generated } from 'kysely';

// The Kysely types of the audit columns that `recordTable` of dialect.ts gives every record table, which migrations'
// table types extend (CONTRIBUTING.md). Timestamps are ISO 8601 UTC text (fixed width, so they sort as text) on
// SQLite and PostgreSQL alike; money is integer centavos, quantities integer thousandths and flags 0/1 integers, so
// both engines store the same values.
export type RecordColumns = {
  id: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  created_by: number | null;
  updated_by: number | null;
};

// A table of one business's records.
export type TenantColumns = RecordColumns & { business_id: number };
