import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { transactionMemo } from '../db/transaction-memo.ts';
import { fieldError } from '../domain/refusal.ts';
import { heldBranch } from '../engine/closed-day.ts';
import type { ResourceContext } from '../engine/resource.ts';
import { postingContextOf } from './document-support.ts';
import type { PostingContext } from './posting-context.ts';

// docs/domain/cash.md, Terminals. A document made at a branch is made at one of its terminals, and numbers in that
// terminal's series (`series_key`, the number's location part).
export type Terminal = { id: number; name: string; branch_id: number; series_key: string };

// The terminal a document of the branch is made at: the one the body names, else the one the user's open cash
// session at that branch stands at, else the branch's only active terminal. A branch with several and neither of the
// first two is a 422 naming `terminal_id`, since the series the number comes from would be a guess.
export async function resolveTerminal(
  context: PostingContext,
  branchId: number,
  givenTerminalId: number | null | undefined,
): Promise<Terminal> {
  const found = await findTerminal(context, branchId, givenTerminalId);
  if (found.terminal) return found.terminal;
  switch (found.missing) {
    case 'unknown':
      throw fieldError(
        'terminal_id',
        'The chosen terminal is not one of this branch: choose a terminal of the branch.',
      );
    case 'inactive':
      throw fieldError('terminal_id', `${found.name} is inactive: choose an active terminal.`);
    case 'several':
      throw fieldError('terminal_id', 'This branch has several terminals: choose the terminal it is made at.');
    case 'none':
      return firstTerminal(context, branchId);
  }
}

type Found =
  | { terminal: Terminal; missing?: undefined }
  | { terminal?: undefined; missing: 'unknown' | 'several' | 'none' }
  | { terminal?: undefined; missing: 'inactive'; name: string };

// The choice of resolveTerminal without writing or refusing, so that the number preview reads the series the
// posting will take (or the branch's when the posting would ask which terminal). One statement: a terminal named by
// the body, else the branch's terminals that the user's open session stands at (first) or that are active, two at
// most. Inside a transaction each terminal read is kept for the rest of it (knownTerminal), so that the posting's
// second look (the closed-day check resolves it first, then the posting) and the print's read cost no statement:
// each statement of a posting is a cost of its own on PostgreSQL (docs/PERFORMANCE.md, What moved the numbers).
export async function findTerminal(
  context: Pick<PostingContext, 'trx' | 'businessId' | 'userId'>,
  branchId: number,
  givenTerminalId: number | null | undefined,
): Promise<Found> {
  const { trx, businessId, userId } = context;
  const columns = [
    'terminals.id',
    'terminals.name',
    'terminals.branch_id',
    'terminals.series_key',
    'terminals.active',
    'terminals.min',
    'terminals.serial_number',
    'terminals.ac_number',
    'terminals.ac_date',
  ] as const;
  // On PostgreSQL, inside a transaction, the read holds the branch shared until the commit, as the closed-day check
  // would take it next (engine/closed-day.ts): the check then sends no lock of its own.
  const locks = trx.isTransaction && dialectOf(trx) === 'postgres';
  const terminals = trx
    .selectFrom('terminals')
    .innerJoin('branches', 'branches.id', 'terminals.branch_id')
    .select(columns)
    .where('terminals.business_id', '=', businessId)
    .where('terminals.branch_id', '=', branchId)
    .where('terminals.deleted_at', 'is', null)
    .$if(locks, (query) => query.forKeyShare('branches'));
  const held = <Row>(rows: Row[]): Row[] => {
    if (locks && rows.length > 0) heldBranch(trx, branchId);
    return rows;
  };
  if (givenTerminalId !== null && givenTerminalId !== undefined) {
    const known = knownTerminal(trx, businessId, givenTerminalId);
    const given =
      known?.branch_id === branchId
        ? known
        : keep(trx, businessId, held(await terminals.where('terminals.id', '=', givenTerminalId).execute()))[0];
    if (!given) return { missing: 'unknown' };
    if (!given.active) return { missing: 'inactive', name: given.name };
    return { terminal: asTerminal(given) };
  }
  // A user of no session (a posting outside a request) is user 0, whom no session names.
  const atSession = (eb: ExpressionBuilder<Database, 'terminals' | 'branches'>) =>
    eb.exists(
      eb
        .selectFrom('cash_sessions')
        .select('cash_sessions.id')
        .whereRef('cash_sessions.terminal_id', '=', 'terminals.id')
        .where('cash_sessions.business_id', '=', businessId)
        .where('cash_sessions.branch_id', '=', branchId)
        .where('cash_sessions.user_id', '=', userId ?? 0)
        .where('cash_sessions.status', '=', 'open')
        .where('cash_sessions.deleted_at', 'is', null),
    );
  const rows = await terminals
    .select((eb) => atSession(eb).as('at_session'))
    .where((eb) => eb.or([eb('terminals.active', '=', 1), atSession(eb)]))
    .orderBy('at_session', 'desc')
    .orderBy('terminals.id')
    .limit(2)
    .execute();
  keep(trx, businessId, held(rows));
  const [first, second] = rows;
  // PostgreSQL answers EXISTS as a boolean, SQLite as 0 or 1.
  if (first && Number(first.at_session) === 1) return { terminal: asTerminal(first) };
  if (!first) return { missing: 'none' };
  if (second) return { missing: 'several' };
  return { terminal: asTerminal(first) };
}

// A terminal as read, with what a print shows of it (areas/cash/e-journal.ts).
export type KnownTerminal = Terminal & {
  active: number;
  min: string | null;
  serial_number: string | null;
  ac_number: string | null;
  ac_date: string | null;
};

const asTerminal = (row: KnownTerminal): Terminal => ({
  id: row.id,
  name: row.name,
  branch_id: row.branch_id,
  series_key: row.series_key,
});

// The terminals a transaction has read, by business and id.
const kept = transactionMemo(() => new Map<string, KnownTerminal>());

function keep<Row extends KnownTerminal>(db: Kysely<Database>, businessId: number, rows: Row[]): Row[] {
  const terminals = kept.of(db);
  for (const row of rows) terminals?.set(`${businessId}:${row.id}`, { ...asTerminal(row), ...printedOf(row) });
  return rows;
}

const printedOf = (row: KnownTerminal) => ({
  active: Number(row.active),
  min: row.min,
  serial_number: row.serial_number,
  ac_number: row.ac_number,
  ac_date: row.ac_date,
});

// The terminal as this transaction already read it (standing, of the business), or null when it has not.
export function knownTerminal(db: Kysely<Database>, businessId: number, id: number): KnownTerminal | null {
  return kept.peek(db)?.get(`${businessId}:${id}`) ?? null;
}

// A branch written without its terminal (by an import of old data, or straight into the database) gets its first
// one when it first sells, as a branch made through the API gets it when it is made; a branch whose terminals are
// all inactive has none to sell from.
async function firstTerminal(context: PostingContext, branchId: number): Promise<Terminal> {
  // Two first sales at once make one terminal: the branch's row is locked while its first is looked for and made
  // (SQLite's writers take turns already).
  if (context.dialect === 'postgres') {
    await context.trx.selectFrom('branches').select('id').where('id', '=', branchId).forUpdate().execute();
    const made = await context.trx
      .selectFrom('terminals')
      .select(['id', 'name', 'branch_id', 'series_key'])
      .where('business_id', '=', context.businessId)
      .where('branch_id', '=', branchId)
      .where('active', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (made) return made;
  }
  const any = await context.trx
    .selectFrom('terminals')
    .select('id')
    .where('business_id', '=', context.businessId)
    .where('branch_id', '=', branchId)
    .limit(1)
    .executeTakeFirst();
  if (any) throw fieldError('terminal_id', 'The branch has no active terminal: add one under Terminals.');
  const name = 'Terminal 1';
  const at = context.now.toISOString();
  const values = { business_id: context.businessId, branch_id: branchId, name, at, by: context.userId };
  const id = await addTerminal(context.trx, values);
  return { id, name, branch_id: branchId, series_key: branchSeriesKey(branchId) };
}

// The terminal a stored document was made at, for its number's series; a row from before terminals has none and
// numbers in its branch's series as it always did.
export async function terminalById(db: Kysely<Database>, businessId: number, id: number): Promise<Terminal | null> {
  const row = await db
    .selectFrom('terminals')
    .select(['id', 'name', 'branch_id', 'series_key'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export const branchSeriesKey = (branchId: number) => `B${String(branchId).padStart(5, '0')}`;
export const terminalSeriesKey = (terminalId: number) => `T${String(terminalId).padStart(5, '0')}`;

// A branch's terminal: the first it ever has takes the branch's own series, so that a shop with one machine numbers as
// it did before terminals; any later one numbers in its own (docs/domain/cash.md, Terminals).
export async function addTerminal(
  db: Kysely<Database>,
  values: {
    business_id: number;
    branch_id: number;
    name: string;
    min?: string | null;
    serial_number?: string | null;
    ac_number?: string | null;
    ac_date?: string | null;
    active?: number;
    at: string;
    by: number | null;
  },
): Promise<number> {
  const earlier = await db
    .selectFrom('terminals')
    .select('id')
    .where('business_id', '=', values.business_id)
    .where('branch_id', '=', values.branch_id)
    .limit(1)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('terminals')
    .values({
      business_id: values.business_id,
      branch_id: values.branch_id,
      name: values.name,
      min: values.min ?? null,
      serial_number: values.serial_number ?? null,
      ac_number: values.ac_number ?? null,
      ac_date: values.ac_date ?? null,
      active: values.active ?? 1,
      series_key: branchSeriesKey(values.branch_id),
      created_at: values.at,
      updated_at: values.at,
      created_by: values.by,
      updated_by: values.by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (earlier) {
    await db
      .updateTable('terminals')
      .set({ series_key: terminalSeriesKey(inserted.id) })
      .where('id', '=', inserted.id)
      .execute();
  }
  return inserted.id;
}

// The terminal of a sales paper for the closed-day check (engine/closed-day.ts): a stored row's own; a body's resolved
// as its posting will resolve it, and written into the body so that the posting takes the same one. `branchOf` finds
// the branch from the fields (an invoice's own, a payment's or memo's invoice's).
export async function terminalOfFields(
  ctx: ResourceContext,
  fields: Record<string, unknown>,
  branchOf: (fields: Record<string, unknown>) => Promise<number | null>,
): Promise<number | null> {
  const given = typeof fields.terminal_id === 'number' ? fields.terminal_id : null;
  if (typeof fields.id === 'number') return given;
  const branchId = await branchOf(fields);
  if (branchId === null) return null;
  const terminal = await resolveTerminal(postingContextOf(ctx), branchId, given);
  fields.terminal_id = terminal.id;
  return terminal.id;
}

// A sale document that names its own branch (an invoice, a deposit's receipt) takes a terminal of that branch.
export const terminalOfOwnBranch = (ctx: ResourceContext, fields: Record<string, unknown>) =>
  terminalOfFields(ctx, fields, async (fields) => (typeof fields.branch_id === 'number' ? fields.branch_id : null));

// The branch of the invoice a payment or memo names, or null when it names none of this business's.
export async function invoiceBranch(ctx: ResourceContext, fields: Record<string, unknown>): Promise<number | null> {
  if (typeof fields.invoice_id !== 'number') return null;
  const invoice = await ctx.db
    .selectFrom('invoices')
    .select('branch_id')
    .where('id', '=', fields.invoice_id)
    .where('business_id', '=', ctx.businessId ?? 0)
    .executeTakeFirst();
  return invoice?.branch_id ?? null;
}
