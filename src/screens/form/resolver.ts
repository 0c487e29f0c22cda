import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { type InputIssue, inputMessage } from '../../../server/domain/input-messages.ts';
import type { FormField, FormValues } from '../../resources/resource.ts';
import { stripLocal } from './form-values.ts';

type PathIssue = InputIssue & { readonly path?: readonly PropertyKey[] };

// The form says what the server would say (`server/domain/input-messages.ts`): the field named, in plain words.
export function plainWords(issue: PathIssue): string | undefined {
  return inputMessage(issue, issue.path ?? []);
}

// Each field's and line column's label, by its name, as the messages name them ("Choose a customer.").
function labelsOf(fields: readonly FormField[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const field of fields) {
    labels.set(field.name, field.label.toLowerCase());
    if (field.kind === 'lines') {
      for (const column of field.columns) labels.set(`lines.${column.name}`, column.label.toLowerCase());
    }
  }
  return labels;
}

// The generated strict schema validates what will be sent, so the display-only keys are stripped first. zod and the
// schema are loaded on the first validation (or sooner, by `warm`), never before the form is drawn; a form without a
// schema sends its values as they are.
export function formResolver(
  loadSchema: () => Promise<ZodType | undefined>,
  fields: readonly FormField[] = [],
): { resolver: Resolver<FormValues>; warm: () => void } {
  const labels = labelsOf(fields);
  const named = (issue: PathIssue) => {
    const keys = (issue.path ?? []).filter((key): key is string => typeof key === 'string');
    const label = labels.get(keys.join('.')) ?? labels.get(keys.at(-1) ?? '');
    return inputMessage(issue, issue.path ?? [], label);
  };
  let loading: Promise<Resolver<FormValues> | null> | null = null;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        schema ? zodResolver(schema as ZodType<FormValues, FormValues>, { error: named }) : null,
      (error: unknown) => {
        // A phone that lost its signal tries again on the next save.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => {
      const validate = await load();
      return validate ? validate(stripLocal(values), context, options) : { values, errors: {} };
    },
    warm: () => void load().catch(() => undefined),
  };
}
