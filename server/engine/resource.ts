import type { Insertable, Kysely, RawBuilder, Selectable, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { Identity } from '../auth/identity.ts';
import type { ScryptCost } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Location } from '../domain/location.ts';

// The fields of a record (and of each of its `lines`) that are costs, stock values or payables.
export type CostFields = { fields?: readonly string[]; lineFields?: readonly string[] };

// The date a document belongs to (its business day in Manila) and whether it is a sales document, whose day the
// daily sales report closes.
// `sales`: dated today unless the user may backdate; `withinWeek`: a purchasing or stock document, which anyone may
// date up to a week back (engine/document-date.ts).
export type DocumentDate = { field: string; label: string; sales?: boolean; withinWeek?: boolean };

export type Scoped = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

/**
 * A resource's read of one record in a single statement: beside the row's own columns, what the definition
 * selects with it (the names it refers to, its child rows as JSON), and how it presents that one widened row.
 * The statement is written once per resource and dialect, so that a read builds no query and SQLite prepares it
 * once (server/db/statement-cache.ts): the record, its names and its child rows come in one statement instead of
 * three, each of which cost more to send through Kysely than to run.
 */
export type OneRead<R> = {
  // Select expressions, each with its `AS` name, over the record's table under its own name.
  columns(dialect: DialectName): readonly string[];
  present(ctx: ResourceContext, row: R & Readonly<Record<string, unknown>>): unknown;
};

// Where a document is worked at: the field of its body or row that places it, and that location (null while the
// body names none; the document's own validation answers that). A `source` place is the document a follow-up comes
// from (a receive order's purchase order): it must be at the user's location besides the follow-up itself.
export type WorkPlace = { field: string; location: Location | null; source?: boolean };

export type TableName = keyof Database & string;
// The tables a resource can live in: those with the audit columns of docs/domain/README.md, Records.
export type RecordTableName = {
  [K in TableName]: Selectable<Database[K]> extends { id: number; deleted_at: string | null } ? K : never;
}[TableName];
export type Row<T extends RecordTableName> = Selectable<Database[T]>;
export type Action = 'view' | 'create' | 'update' | 'delete' | 'restore' | 'force-delete';

// What a handler knows while it works. Inside a mutation `db` is the engine's transaction: everything a hook
// writes commits or rolls back with the rest. `passwordCost` is for the resources that hash secrets (users).
export type ResourceContext = {
  db: Kysely<Database>;
  businessId: number | null;
  identity: Identity;
  now: string;
  passwordCost: ScryptCost;
  // Set by a create's transaction: steps a posting leaves for just before the commit (engine/mutations.ts).
  lastSteps?: LastSteps;
};

// Work a create defers to the end of its transaction, after the record is presented and before its history entry,
// its stored answer and the commit; each answers the presented fields it settles (a document's number, taken last
// so that the counter's row lock is held for the shortest time: docs/DECISIONS.md, "Speed"). A step may write the
// history entry and the stored answer itself, in its own statement, and then marks them taken; otherwise the engine
// writes them after the steps.
export type LastSteps = ((entry: CreatedEntry) => Promise<Record<string, unknown>>)[];

// The history entry of a created record and the answer its Idempotency-Key stores (null: the request sent none),
// as presented before the last steps settled their fields; `changes` and `response_body` are JSON text. `last` is
// set while the last step runs: when that step takes both, nothing follows it in the transaction, and it may send
// its statement with the COMMIT (server/db/pipelined-transaction.ts).
export type CreatedEntry = {
  row: {
    business_id: number | null;
    resource: string;
    record_id: number;
    action: 'created';
    changes: string;
    user_id: number | null;
    at: string;
  };
  taken: boolean;
  answer: { row: Insertable<Database['idempotency_keys']> & { response_body: string }; taken: boolean } | null;
  // The record's e-journal print (null: the resource keeps none), made before the last steps from the record as
  // presented then: a step that settles the fields it prints writes it with them and marks it taken; otherwise the
  // engine makes and writes it again after the steps.
  journal: { row: JournalRow & { text: string }; taken: boolean } | null;
  last: boolean;
};

export type ListFilter = (value: unknown, ctx: ResourceContext) => Promise<readonly number[]>;
// Narrows the query itself (a condition on the row or a correlated subquery over its lines), for parameters whose
// matching set is too large to pass around as ids.
export type ListCondition = (rows: Scoped, value: unknown, ctx: ResourceContext) => Scoped;

/**
 * One resource of the API, served by the generic engine at /api/{prefix} with the permissions {action}-{prefix}.
 *
 * The engine lists (paging, order, trashed filters, search, filters), searches, reads, creates, updates, soft
 * deletes, restores and force-deletes, validating with the generated zod schemas, checking tenancy, `unique`
 * columns and `references`, and running every mutation in one transaction. A definition adds only its own:
 * - `present` turns stored rows into API records (batch: load names and lines for all rows at once);
 * - `one` reads one record with its names and child rows in a single statement and presents it, for the read of
 *   one record (engine/read-one.ts); without it that read presents the row as a list does;
 * - `toColumns` maps a validated body to columns (default: the body as it is);
 * - `check` adds rules on the merged columns of a create or update (throw `unprocessable` or `fieldError` from domain/refusal.ts);
 * - `create`/`update`/`softDelete`/`restore`/`forceDelete` replace the default row operation (still inside the
 *   engine's transaction, after its checks), e.g. to write lines or to post and void a document;
 * - `visibleIds` narrows global resources to what the user may see (others answer 404);
 * - `filters` handles list parameters that are not a column equality or a `{column}_from`/`_to` range, and
 *   `search` (list and type-ahead) when the text to match lives in other tables; each answers matching ids;
 * - `costs` names the fields a user without view-costs reads as null (engine/costs.ts);
 * - `workPlaces` says where a document is worked at, from its body or its row: a user bound to a home location
 *   may create, edit, void and restore it only when one of them is that location (engine/work-location.ts);
 * - `conditions` handles such parameters by narrowing the query itself (`has_balance`, `has_unreceived`, ...);
 * - `documentDate` names a document's own date: never after today nor within the closed books, for a sales document
 *   today and for a purchasing or stock one within a week unless the user may backdate (engine/document-date.ts);
 * - `terminal` says which terminal a sales paper is made at, from its body or its row, so that a Z closes that
 *   terminal's day only (engine/closed-day.ts);
 * - `journal` makes a posted paper's print for the e-journal when it is created, voided or restored; the engine
 *   writes it in the same transaction, once its number is settled;
 * - `csvColumns` are CSV export columns of its own, each a cell written from the presented record (a field the
 *   contract nests deeper than `field.key`), read back by its import under the same names.
 * The type-ahead search takes the same parameters as the list when its contract declares them.
 * Methods (not arrow properties) on purpose: a definition typed with its own row and input types still fits the
 * engine's list of all resources.
 */
export type Resource<T extends RecordTableName = RecordTableName, Create = never, Update = never> = {
  prefix: string;
  // Filled from the registry (server/registry/resources.ts) by server/areas/index.ts, never by a definition: whose
  // permissions it goes by, and the actions it serves (all of them when left out).
  permissionPrefix?: string;
  singular: string;
  table: T;
  scope: 'business' | 'global';
  actions?: readonly Action[];
  schemas: { list: z.ZodType; search: z.ZodType; create?: z.ZodType; update?: z.ZodType };
  searchColumns: readonly string[];
  // Searched columns that hold phone numbers: a search text that is a number matches them on digits alone
  // (domain/dialled-search.ts).
  dialledColumns?: readonly string[];
  // The searched text as stored (a lens power typed "-2.00 -0.50" is stored "-2.00/-0.50"): list and type-ahead.
  searchText?(text: string): string;
  unique?: readonly string[];
  references?: Readonly<Record<string, TableName>>;
  filters?: Readonly<Record<string, ListFilter>>;
  conditions?: Readonly<Record<string, ListCondition>>;
  // The figures a list may be sorted by (`sort=balance`) besides its id.
  sorts?: Readonly<Record<string, RawBuilder<unknown>>>;
  costs?: CostFields;
  workPlaces?(ctx: ResourceContext, fields: Record<string, unknown>): Promise<readonly WorkPlace[]>;
  documentDate?: DocumentDate;
  terminal?(ctx: ResourceContext, fields: Record<string, unknown>): Promise<number | null>;
  journal?(ctx: ResourceContext, record: Record<string, unknown>, event: JournalEvent): Promise<JournalRow>;
  csvColumns?: Readonly<Record<string, (record: Record<string, unknown>) => string>>;
  present(ctx: ResourceContext, rows: Row<T>[]): Promise<unknown[]>;
  one?: OneRead<Row<T>>;
  toColumns?(input: Create | Update, ctx: ResourceContext): Record<string, unknown>;
  check?(ctx: ResourceContext, merged: Record<string, unknown>, existing: Row<T> | null): Promise<void>;
  visibleIds?(ctx: ResourceContext): Promise<readonly number[] | null>;
  create?(ctx: ResourceContext, input: Create): Promise<number>;
  update?(ctx: ResourceContext, existing: Row<T>, input: Update): Promise<void>;
  softDelete?(ctx: ResourceContext, existing: Row<T>): Promise<void>;
  restore?(ctx: ResourceContext, existing: Row<T>): Promise<void>;
  forceDelete?(ctx: ResourceContext, existing: Row<T>): Promise<void>;
};

export type JournalEvent = 'posted' | 'voided' | 'restored';
// A paper's print as the e-journal keeps it (areas/cash/e-journal.ts).
export type JournalRow = Insertable<Database['e_journal_entries']>;

// The element type of the registry: any resource, whatever its row and input types.
export type AnyResource = Resource<RecordTableName, never, never>;

export function permissionFor(resource: { prefix: string; permissionPrefix?: string }, action: Action): string {
  return `${action}-${resource.permissionPrefix ?? resource.prefix}`;
}
