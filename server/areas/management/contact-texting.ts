import type { Selectable } from 'kysely';
import type { ContactsTable } from '../../db/tables/master-data.ts';
import { mobileRefusal, philippineMobile } from '../../domain/mobile-numbers.ts';
import { fieldError } from '../../domain/refusal.ts';
import type { ResourceContext } from '../../engine/resource.ts';

// A contact's mobile and its two consents to be texted (docs/domain/management.md, Texts to customers): the body
// sends `mobile` and `consents: {transactional: {given, how}, reminders: {given, how}}`; the server records when
// and by whom.

const consents = ['transactional', 'reminders'] as const;
type ConsentName = (typeof consents)[number];
type ConsentInput = { given: boolean; how: 'form' | 'verbal' | 'paper' };
type TextingInput = { mobile?: string | null; consents?: Partial<Record<ConsentName, ConsentInput>> };
type ConsentColumns = Pick<
  Selectable<ContactsTable>,
  | 'mobile'
  | `${ConsentName}_consent`
  | `${ConsentName}_consent_at`
  | `${ConsentName}_consent_how`
  | `${ConsentName}_consent_by`
>;

// The body's texting fields as columns, the rest of it as it was. A consent sent is stamped now and with the user;
// on an edit, one sent as it already stood keeps its first record (the form sends every field each time).
export function withTextingColumns<T extends Record<string, unknown>>(
  input: T,
  ctx: ResourceContext,
  existing: Partial<ConsentColumns> | null = null,
): Record<string, unknown> {
  const { mobile, consents: sent, ...rest } = input as T & TextingInput;
  const columns: Record<string, unknown> = { ...rest };
  if (typeof mobile === 'string' && mobile.trim() !== '') {
    const e164 = philippineMobile(mobile);
    if (e164 === null) throw fieldError('mobile', mobileRefusal);
    columns.mobile = e164;
  } else if (mobile !== undefined) {
    columns.mobile = null;
  }
  for (const name of consents) {
    const consent = sent?.[name];
    if (!consent) continue;
    const given = consent.given ? 1 : 0;
    if (existing && existing[`${name}_consent`] === given && existing[`${name}_consent_how`] === consent.how) continue;
    columns[`${name}_consent`] = given;
    columns[`${name}_consent_how`] = consent.how;
    columns[`${name}_consent_at`] = ctx.now;
    columns[`${name}_consent_by`] = ctx.identity.userId;
  }
  return columns;
}

export function presentTexting(row: ConsentColumns) {
  const consent = (name: ConsentName) => ({
    given: row[`${name}_consent`] === 1,
    at: row[`${name}_consent_at`],
    how: row[`${name}_consent_how`],
    by: row[`${name}_consent_by`],
  });
  return { mobile: row.mobile, consents: { transactional: consent('transactional'), reminders: consent('reminders') } };
}
