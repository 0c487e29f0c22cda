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

// The consents in a CSV file, one column each (docs/domain/README.md, Import): "Given (form)", "Refused (verbal)", or
// "Given" / "Refused" alone where nothing was recorded yet. The export writes them so and the import reads them back;
// the import stamps them now and with the importing user, as the form does.
const howWords = ['form', 'verbal', 'paper'] as const;
const startsGiven: Record<ConsentName, boolean> = { transactional: true, reminders: false };

export const consentCsvColumns = Object.fromEntries(
  consents.map((name) => [
    `${name}_consent`,
    (record: Record<string, unknown>) => {
      const consent = (record.consents as Record<ConsentName, { given: boolean; how: string | null }> | undefined)?.[
        name
      ];
      if (!consent) return '';
      return `${consent.given ? 'Given' : 'Refused'}${consent.how ? ` (${consent.how})` : ''}`;
    },
  ]),
) as Record<`${ConsentName}_consent`, (record: Record<string, unknown>) => string>;

export const consentCsvCells = Object.fromEntries(
  consents.map((name) => [
    `${name}_consent`,
    (cell: string, body: Record<string, unknown>): string | null => {
      const read = /^(given|refused|yes|no)\s*(?:\(\s*(?:signed\s+)?(form|verbal|paper)\s*\))?$/i.exec(cell.trim());
      if (!read) return 'Write Given or Refused, and how in brackets: Given (form), Refused (verbal), Given (paper).';
      const given = ['given', 'yes'].includes((read[1] ?? '').toLowerCase());
      const how = read[2]?.toLowerCase() as (typeof howWords)[number] | undefined;
      if (how === undefined) {
        // Nothing recorded: the consent stays as a new contact starts, unless the cell asks for another.
        if (given === startsGiven[name]) return null;
        return `Say how the customer said so: ${given ? 'Given' : 'Refused'} (form), (verbal) or (paper).`;
      }
      const sent = (body.consents ?? {}) as Record<string, ConsentInput>;
      body.consents = { ...sent, [name]: { given, how } };
      return null;
    },
  ]),
);
