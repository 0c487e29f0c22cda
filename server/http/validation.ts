import type { z } from 'zod';
import { inputMessage } from '../domain/input-messages.ts';
import { type FieldErrors, unprocessable } from '../domain/refusal.ts';

// Validates input with a generated zod schema; a failure is a 422 naming each bad field (`lines.2.quantity`) in
// plain words (`server/domain/input-messages.ts`). The issues carry their input, so a missing value reads as one.
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues.flatMap(nullableObjectIssues)) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const field = path.length > 0 ? path.map(String).join('.') : 'body';
      errors[field] = [...(errors[field] ?? []), inputMessage(issue, path) ?? issue.message];
    }
  }
  throw unprocessable(errors);
}

// An object that may also be null (`oneOf: [object, null]`) fails as a union at its own key; the object's own
// issues name the field that is really wrong (`special_discount.holder_name`).
function nullableObjectIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const branches = issue.errors.filter(
    (branch) => !branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
  );
  const [only] = branches;
  if (branches.length !== 1 || only === undefined) return [issue];
  return only.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

// Fastify hands query values over as strings; the generated list schemas expect literal numbers for per_page,
// with_trashed and only_trashed, so all-digit values become numbers before validation.
export function queryNumbers(query: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (typeof query !== 'object' || query === null) return result;
  for (const [key, value] of Object.entries(query)) {
    result[key] = typeof value === 'string' && /^(0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value;
  }
  return result;
}
