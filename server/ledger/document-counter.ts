import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { runReused } from '../db/reused-query.ts';
import type { DocumentKind, ReferencedDocumentKind } from '../domain/document-kind.ts';
import {
  documentCountDigits,
  documentNumberHead,
  formatDocumentNumber,
  formatReferenceNumber,
  referenceCountDigits,
  referenceNumberHead,
} from '../domain/document-number.ts';
import type { Location } from '../domain/location.ts';
import type { PostingContext } from './posting-context.ts';

type CounterScope = 'number' | 'reference';

function locationScopeKey(location: Location): string {
  return location.branch_id !== null
    ? `B${String(location.branch_id).padStart(5, '0')}`
    : `W${String(location.warehouse_id).padStart(5, '0')}`;
}

function contactScopeKey(contactId: number): string {
  return `C${contactId}`;
}

// One upsert both creates the counter and moves it on; it holds the counter row's lock until the creating
// transaction ends, so concurrent creations queue on it and can never read the same value.
async function incrementCounter(
  context: PostingContext,
  scope: CounterScope,
  documentName: string,
  scopeKey: string,
): Promise<number> {
  const [row] = await runReused(
    context.trx,
    'document counter step',
    [context.businessId, scope, documentName, scopeKey, 1, context.now.toISOString()] as const,
    ([business, scopeOf, name, key, one, at]) =>
      context.trx
        .insertInto('document_counters')
        .values({
          business_id: business,
          scope: scopeOf,
          document_name: name,
          scope_key: key,
          total: one,
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['business_id', 'scope', 'document_name', 'scope_key'])
            .doUpdateSet((update) => ({ total: update('document_counters.total', '+', one), updated_at: at })),
        )
        .returning('total'),
  );
  if (!row) throw new Error(`The ${documentName} counter did not move.`);
  return Number(row.total);
}

// `date` is the document's own date (a Z-reading's business day), never the day it was typed in: a number tells
// the day it belongs to (docs/domain/README.md, Numbering).
// `series`: the terminal's (server/ledger/terminals.ts) for a document made at one; its counter is the series itself,
// so a branch's first terminal counts on in the branch's own counter.
export async function assignDocumentNumber(
  context: PostingContext,
  kind: DocumentKind,
  location: Location,
  date: string,
  series?: string,
): Promise<string> {
  const sequence = await incrementCounter(context, 'number', kind, series ?? locationScopeKey(location));
  return formatDocumentNumber(kind, date, location, sequence, series);
}

export async function assignReferenceNumber(
  context: PostingContext,
  kind: ReferencedDocumentKind,
  contactId: number,
  date: string,
): Promise<string> {
  const sequence = await incrementCounter(context, 'reference', kind, contactScopeKey(contactId));
  return formatReferenceNumber(contactId, date, sequence);
}

// A document's number and reference counters moved by one two-row upsert, number first (the order every posting
// takes them in, as assignDocumentNumber then assignReferenceNumber), and the two numbers they give: the `numbers`
// of a PostgreSQL WITH clause, so that the statement writing the numbers also takes them, one round trip under the
// counters' locks instead of three.
export function takeNumbersStep(
  context: PostingContext,
  kind: DocumentKind & ReferencedDocumentKind,
  location: Location,
  contactId: number,
  date: string,
  series?: string,
): RawBuilder<unknown> {
  const at = context.now.toISOString();
  const padded = (scope: CounterScope, digits: number) => sql`(SELECT CASE
      WHEN length(total::text) >= ${digits} THEN total::text ELSE lpad(total::text, ${digits}, '0') END
    FROM counters WHERE scope = ${scope})`;
  return sql`counters AS (
      INSERT INTO document_counters (business_id, scope, document_name, scope_key, total, created_at, updated_at)
      VALUES (${context.businessId}, 'number', ${kind}, ${series ?? locationScopeKey(location)}, 1, ${at}, ${at}),
        (${context.businessId}, 'reference', ${kind}, ${contactScopeKey(contactId)}, 1, ${at}, ${at})
      ON CONFLICT (business_id, scope, document_name, scope_key)
      DO UPDATE SET total = document_counters.total + 1, updated_at = excluded.updated_at
      RETURNING scope, total
    ), numbers AS (
      SELECT ${documentNumberHead(kind, date, location, series)} || ${padded('number', documentCountDigits)} AS number,
        ${referenceNumberHead(contactId, date)} || ${padded('reference', referenceCountDigits)} AS reference_number
    )`;
}

async function readCounter(
  db: Kysely<Database>,
  businessId: number,
  scope: CounterScope,
  documentName: string,
  scopeKey: string,
): Promise<number> {
  const row = await db
    .selectFrom('document_counters')
    .select('total')
    .where('business_id', '=', businessId)
    .where('scope', '=', scope)
    .where('document_name', '=', documentName)
    .where('scope_key', '=', scopeKey)
    .executeTakeFirst();
  return row ? Number(row.total) : 0;
}

export function readDocumentNumberTotal(
  db: Kysely<Database>,
  businessId: number,
  kind: DocumentKind,
  location: Location,
): Promise<number> {
  return readCounter(db, businessId, 'number', kind, locationScopeKey(location));
}

// The counter of a terminal's series (its `series_key`), which its documents number in.
export function readSeriesTotal(
  db: Kysely<Database>,
  businessId: number,
  kind: DocumentKind,
  series: string,
): Promise<number> {
  return readCounter(db, businessId, 'number', kind, series);
}

export function readReferenceNumberTotal(
  db: Kysely<Database>,
  businessId: number,
  kind: ReferencedDocumentKind,
  contactId: number,
): Promise<number> {
  return readCounter(db, businessId, 'reference', kind, contactScopeKey(contactId));
}
