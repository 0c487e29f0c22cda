import type { ZodType } from 'zod';
import type { BodySchemas, ResourceApi, ResourceRecord } from '../../resources/resource.ts';
import { consentsOf } from './contact-consents.ts';

// The contact form's side of the consents (docs/domain/management.md, Texts to customers): zod comes with the
// form's schemas, when the form first validates (ResourceApi.bodySchemas).

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
  api: Pick<ResourceApi, 'get' | 'create' | 'update' | 'bodySchemas'>,
): Partial<ResourceApi> {
  const { get, create, update, bodySchemas } = api;
  const widenedSchemas = async (load: () => Promise<BodySchemas>) => {
    const [bodies, { z }] = await Promise.all([load(), import('zod')]);
    const flatFields = z.object({
      transactional_consent: z.boolean(),
      reminders_consent: z.boolean(),
      consent_how: z.enum(['form', 'verbal', 'paper']),
    });
    const widened = (schema: ZodType | undefined) =>
      schema instanceof z.ZodObject ? schema.omit({ consents: true }).extend(flatFields.shape) : schema;
    return { create: widened(bodies.create), update: widened(bodies.update) };
  };
  return {
    get: async (...args) => flat(await get(...args)),
    ...(create ? { create: (body, options) => create(nested(body), options) } : {}),
    ...(update ? { update: (id, body, options) => update(id, nested(body), options) } : {}),
    ...(bodySchemas ? { bodySchemas: () => widenedSchemas(bodySchemas) } : {}),
  };
}
