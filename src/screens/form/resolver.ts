import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { type InputIssue, inputMessage } from '../../../server/domain/input-messages.ts';
import type { FormValues } from '../../resources/resource.ts';
import { stripLocal } from './form-values.ts';

// The form says what the server would say (`server/domain/input-messages.ts`): the field named, in plain words.
export function plainWords(issue: InputIssue & { readonly path?: readonly PropertyKey[] }): string | undefined {
  return inputMessage(issue, issue.path ?? []);
}

// The generated strict schema validates what will be sent, so the display-only keys are stripped first.
export function formResolver(schema: ZodType): Resolver<FormValues> {
  const validate = zodResolver(schema as ZodType<FormValues, FormValues>, { error: plainWords });
  return (values, context, options) => validate(stripLocal(values), context, options);
}
