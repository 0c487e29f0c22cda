import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { formatMoney } from '../../format/money.ts';
import type { FormValues } from '../../resources/resource.ts';
import { stripLocal } from './form-values.ts';

type Issue = { code: string; input?: unknown; origin?: string; pattern?: string; maximum?: unknown };

// The contract's largest amount of money (openapi.yaml, "Money"): only an amount is bounded by it.
const largestPesos = 90_000_000_000_000;

// The contract's rule for text (openapi.yaml, "Text"): no control characters but tab and newline.
const plainTextPattern = String.raw`/^[^\u0000-\u0008\u000B-\u001F\u007F]*$/`;

// zod's own wording is written for developers; these are the cases a shop assistant meets.
function friendlyMessage(issue: Issue): string | undefined {
  if (issue.code === 'too_small' && issue.origin === 'array') return 'Add at least one line.';
  if (issue.pattern === plainTextPattern) return 'This field may not contain control characters.';
  if (issue.input === undefined || issue.input === null || issue.input === '') return 'This field is required.';
  if (issue.code === 'too_big' && Number(issue.maximum) === largestPesos) {
    return `May not be more than ${formatMoney(largestPesos)}.`;
  }
  return undefined;
}

// The generated strict schema validates what will be sent, so the display-only keys are stripped first.
export function formResolver(schema: ZodType): Resolver<FormValues> {
  const validate = zodResolver(schema as ZodType<FormValues, FormValues>, { error: friendlyMessage });
  return (values, context, options) => validate(stripLocal(values), context, options);
}
