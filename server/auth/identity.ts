import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { writeGateOf } from '../db/write-gate.ts';
import { type Location, locationOf } from '../domain/location.ts';

export const fullAccessPermission = 'full-access-and-permssions';
export const workAtAnyLocationPermission = 'work-at-any-location';
export const viewCostsPermission = 'view-costs';
// Dating a sales document before today, and changing or voiding one dated before today (docs/DECISIONS.md).
export const postBackdatedDocumentsPermission = 'post-backdated-documents';
// Moving the business's books_closed_through forward (docs/domain/management.md, Closing the books).
export const closeBooksPermission = 'close-books';
// Receiving an ordered line at a cost other than the order's (docs/domain/purchasing.md, Receive orders): the clerk
// receives what came, the one who agreed the price changes it.
export const editReceiptCostsPermission = 'edit-receipt-costs';
// Sending an e-invoice again after the EIS rejected it or it could not be built (docs/domain/management.md,
// E-invoices).
export const retryEInvoicesPermission = 'retry-e-invoices';
// Writing off what a payer disallowed instead of billing it to the member (docs/domain/sales.md, Payer claims).
export const writeOffDisallowancesPermission = 'write-off-disallowances';
// Accepting a warranty claim after its warranty ended (docs/domain/eye-care.md, Warranties).
export const approveWarrantyExceptionsPermission = 'approve-warranty-exceptions';

// Who is asking: loaded once per request from the session's user.
export type Identity = {
  userId: number;
  sessionId: string;
  permissions: ReadonlySet<string>;
  fullAccess: boolean;
  businessIds: readonly number[];
  // The business the request's `business-id` names, when it exists and is not deleted (membership aside).
  existingBusinessId: number | null;
  // That business's books_closed_through, read with it: no document is dated on or before it (engine/document-date.ts).
  // Left out where no request asked (the demo's and the benchmarks' own identities), which closes nothing.
  booksClosedThrough?: string | null;
  // The user's home branch or warehouse (`userable_type`/`userable_id`), or null.
  home: Location | null;
};

export const touchEveryMs = 60_000;

type SessionRow = {
  user_id: number;
  userable_type: 'branch' | 'warehouse' | null;
  userable_id: number | null;
  last_seen_at: string;
  permissions: string[] | string;
  business_ids: number[] | string;
  business_active: number | null;
  books_closed_through: string | null;
};

/**
 * The signed-in user of a live session, with permissions and memberships, or null, read afresh in one query: the
 * session, its user, the permissions of the user's roles, the memberships and whether the business the request
 * names (`business-id`) exists. A session idle for longer than the timeout is removed; `last_seen_at` is written
 * at most once a minute. `lastSeenMs` is when the session was last seen, as now stored.
 * A process may keep the answer while nothing it was read from changes: server/auth/identity-cache.ts.
 */
export type SessionRequest = { idleMinutes: number; now: Date; businessId: number | null };

export async function readIdentity(
  db: Kysely<Database>,
  sessionId: string,
  idHash: string,
  request: SessionRequest,
): Promise<{ identity: Identity; lastSeenMs: number } | null> {
  const postgres = dialectOf(db) === 'postgres';
  const list = (expression: RawBuilder<unknown>) =>
    postgres ? sql`coalesce(array_agg(DISTINCT ${expression}), '{}')` : sql`json_group_array(DISTINCT ${expression})`;
  const result = await sql<SessionRow>`
    SELECT session.user_id, session.last_seen_at, users.userable_type, users.userable_id,
      business.id AS business_active, business.books_closed_through,
      (SELECT ${list(sql.ref('permission.name'))}
        FROM role_user
        JOIN roles AS role ON role.id = role_user.role_id AND role.deleted_at IS NULL
        JOIN role_permission ON role_permission.role_id = role.id
        JOIN permissions AS permission ON permission.id = role_permission.permission_id
        WHERE role_user.user_id = session.user_id) AS permissions,
      (SELECT ${list(sql.ref('business_user.business_id'))}
        FROM business_user WHERE business_user.user_id = session.user_id) AS business_ids
    FROM sessions AS session
    JOIN users ON users.id = session.user_id AND users.deleted_at IS NULL
    LEFT JOIN businesses AS business ON business.id = ${request.businessId ?? 0} AND business.deleted_at IS NULL
    WHERE session.id_hash = ${idHash}`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  let lastSeenMs = Date.parse(row.last_seen_at);
  const idleMs = request.now.getTime() - lastSeenMs;
  // While a large import holds a SQLite file, these bookkeeping writes would stop the event loop until it ends:
  // they wait for a later request (server/db/write-gate.ts).
  const canWrite = !writeGateOf(db).held;
  if (idleMs > request.idleMinutes * 60_000) {
    if (canWrite) await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  if (idleMs > touchEveryMs && canWrite) {
    lastSeenMs = request.now.getTime();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: request.now.toISOString() })
      .where('id_hash', '=', idHash)
      .execute();
  }
  const permissions = parsed<string>(row.permissions);
  const identity: Identity = {
    userId: row.user_id,
    sessionId,
    permissions: new Set(permissions),
    fullAccess: permissions.includes(fullAccessPermission),
    businessIds: parsed<number>(row.business_ids).map(Number),
    existingBusinessId: row.business_active === null ? null : request.businessId,
    booksClosedThrough: row.books_closed_through,
    home: homeOf(row.userable_type, row.userable_id),
  };
  return { identity, lastSeenMs };
}

export function homeOf(type: 'branch' | 'warehouse' | null, id: number | null): Location | null {
  if (id === null) return null;
  if (type === 'branch') return locationOf(Number(id), null);
  if (type === 'warehouse') return locationOf(null, Number(id));
  return null;
}

// PostgreSQL answers arrays, SQLite JSON text.
function parsed<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

export async function permissionNamesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .innerJoin('role_permission', 'role_permission.role_id', 'roles.id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select('permissions.name')
    .distinct()
    .where('role_user.user_id', '=', userId)
    .where('roles.deleted_at', 'is', null)
    .orderBy('permissions.name')
    .execute();
  return rows.map((row) => row.name);
}

export function holdsAny(identity: Identity, permissions: readonly string[]): boolean {
  return identity.fullAccess || permissions.some((permission) => identity.permissions.has(permission));
}
