import { z } from 'zod';
import { formatTimestamp } from '../../format/date.ts';
import type { Column, FormField, ResourceApi, ResourceRecord } from '../../resources/resource.ts';

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

const consentsOf = (row: Record<string, unknown>) => row.consents as Consents | undefined;

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

const flatFields = z.object({
  transactional_consent: z.boolean(),
  reminders_consent: z.boolean(),
  consent_how: z.enum(['form', 'verbal', 'paper']),
});

function nested(body: object): object {
  const { transactional_consent, reminders_consent, consent_how, ...rest } = body as Record<string, unknown>;
  if (typeof consent_how !== 'string') return rest;
  return {
    ...rest,
    consents: {
      transactional: { given: transactional_consent === true, how: consent_how },
      reminders: { given: reminders_consent === true, how: consent_how },
    },
  };
}

function flat<T extends ResourceRecord>(record: T): T {
  const consents = consentsOf(record);
  if (!consents) return record;
  return {
    ...record,
    transactional_consent: consents.transactional.given,
    reminders_consent: consents.reminders.given,
    consent_how: consents.reminders.how ?? consents.transactional.how ?? 'form',
  };
}

// The standard calls with the consents flattened for the form and nested again for the server.
export function withTextingForm(
  api: Pick<ResourceApi, 'get' | 'create' | 'update' | 'createSchema' | 'updateSchema'>,
): Partial<ResourceApi> {
  const { get, create, update, createSchema, updateSchema } = api;
  const widened = (schema: ResourceApi['createSchema']) =>
    schema instanceof z.ZodObject ? schema.omit({ consents: true }).extend(flatFields.shape) : schema;
  return {
    get: async (...args) => flat(await get(...args)),
    ...(create ? { create: (body, options) => create(nested(body), options) } : {}),
    ...(update ? { update: (id, body, options) => update(id, nested(body), options) } : {}),
    createSchema: widened(createSchema),
    updateSchema: widened(updateSchema),
  };
}
