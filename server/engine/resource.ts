import type { Kysely, RawBuilder, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Identity } from '../auth/identity.ts';
import type { ScryptCost } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import type { CostFields } from './costs.ts';
import type { DocumentDate } from './document-date.ts';
import type { Scoped } from './query.ts';
import type { WorkPlace } from './work-location.ts';

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

// Work a create defers to the end of its transaction, after the record is presented and before its history entry
// and the commit; each answers the presented fields it settles (a document's number, taken last so that the
// counter's row lock is held for the shortest time: docs/DECISIONS.md, "Speed").
export type LastSteps = (() => Promise<Record<string, unknown>>)[];

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
 * - `documentDate` names a document's own date: never after today, and for a sales document today unless the user
 *   may backdate (engine/document-date.ts).
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
  unique?: readonly string[];
  references?: Readonly<Record<string, TableName>>;
  filters?: Readonly<Record<string, ListFilter>>;
  conditions?: Readonly<Record<string, ListCondition>>;
  // The figures a list may be sorted by (`sort=balance`) besides its id.
  sorts?: Readonly<Record<string, RawBuilder<unknown>>>;
  costs?: CostFields;
  workPlaces?(ctx: ResourceContext, fields: Record<string, unknown>): Promise<readonly WorkPlace[]>;
  documentDate?: DocumentDate;
  present(ctx: ResourceContext, rows: Row<T>[]): Promise<unknown[]>;
  toColumns?(input: Create | Update, ctx: ResourceContext): Record<string, unknown>;
  check?(ctx: ResourceContext, merged: Record<string, unknown>, existing: Row<T> | null): Promise<void>;
  visibleIds?(ctx: ResourceContext): Promise<readonly number[] | null>;
  create?(ctx: ResourceContext, input: Create): Promise<number>;
  update?(ctx: ResourceContext, existing: Row<T>, input: Update): Promise<void>;
  softDelete?(ctx: ResourceContext, existing: Row<T>): Promise<void>;
  restore?(ctx: ResourceContext, existing: Row<T>): Promise<void>;
  forceDelete?(ctx: ResourceContext, existing: Row<T>): Promise<void>;
};

// The element type of the registry: any resource, whatever its row and input types.
export type AnyResource = Resource<RecordTableName, never, never>;

export function permissionFor(resource: { prefix: string; permissionPrefix?: string }, action: Action): string {
  return `${action}-${resource.permissionPrefix ?? resource.prefix}`;
}
