import { formatTimestamp } from '../../format/date.ts';
import type { Column, FormField } from '../../resources/resource.ts';

// A contact's mobile and its consents to be texted (docs/domain/management.md, Texts to customers). The contract
// nests the consents (`consents.transactional.given`); the form shows them as two boxes and one "how", and the
// calls turn one into the other.

type Consent = { given: boolean; at: string | null; how: string | null; by: number | null };
type Consents = { transactional: Consent; reminders: Consent };

const hows = [
  { value: 'form', label: 'Signed form' },
  { value: 'verbal', label: 'Verbal' },
  { value: 'paper', label: 'Paper' },
];

function consentWords(consent: Consent | undefined): string {
  if (!consent) return '';
  const how = hows.find((option) => option.value === consent.how)?.label;
  const when = consent.at ? `, ${formatTimestamp(consent.at)}` : '';
  return `${consent.given ? 'Given' : 'Refused'}${how ? ` (${how}${when})` : when}`;
}

export const consentsOf = (row: Record<string, unknown>) => row.consents as Consents | undefined;

export const textingColumns: readonly Column[] = [
  { field: 'mobile', label: 'Mobile' },
  {
    field: 'transactional_consent',
    label: 'Order Texts',
    value: (row) => consentWords(consentsOf(row)?.transactional),
  },
  { field: 'reminders_consent', label: 'Reminder Texts', value: (row) => consentWords(consentsOf(row)?.reminders) },
];

export const textingFields: readonly FormField[] = [
  { name: 'mobile', label: 'Mobile (0917 123 4567)', kind: 'text' },
  { name: 'transactional_consent', label: 'Agrees to order texts (glasses ready)', kind: 'checkbox' },
  {
    name: 'reminders_consent',
    label: 'Agrees to pickup reminders and exam recalls',
    kind: 'checkbox',
    defaultChecked: false,
  },
  { name: 'consent_how', label: 'How the customer said so', kind: 'select', options: hows, defaultValue: 'form' },
];
