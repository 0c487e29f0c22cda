import { formatPesos, largestPesos } from './money.ts';
import { controlCharacterMessage, plainTextPattern } from './plain-text.ts';

// What the server and the form say about input the contract refuses. zod's own wording ("Too small: expected
// string to have >=1 characters") is written for developers; a shop assistant reads a sentence that names the
// field and says what to do. The server answers these in a 422 and the form shows them before sending.

// The parts of a zod issue the sentences read (zod's issue types are unions the client and server both narrow).
export type InputIssue = {
  readonly code: string;
  readonly input?: unknown;
  readonly origin?: string;
  readonly expected?: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly inclusive?: boolean;
  readonly format?: string;
  readonly pattern?: string;
  readonly divisor?: unknown;
};

type FieldName = { readonly name: string; readonly chosen: boolean; readonly where: string };

// `lines.2.unit_price` reads "unit price" on line 3; `item_id` is an item the user chooses, not types. A form names
// its fields by their labels (`label`, "customer" for contact_id).
export function fieldNameOf(path: readonly PropertyKey[], label?: string): FieldName {
  const keys = path.filter((key): key is string => typeof key === 'string');
  const last = keys.at(-1) ?? 'request';
  const lineIndex = path.findIndex((key, index) => typeof key === 'number' && path[index - 1] === 'lines');
  const line = lineIndex >= 0 ? Number(path[lineIndex]) + 1 : null;
  const chosen = /_ids?$/.test(last);
  const name = label ?? (last === 'body' ? 'request' : last.replace(/_ids?$/, '').replaceAll('_', ' '));
  return { name, chosen, where: line !== null && last !== 'lines' ? ` on line ${line}` : '' };
}

const anArticle = (name: string) => (/^[aeio]/i.test(name) ? `an ${name}` : `a ${name}`);

const isEmpty = (input: unknown) => input === undefined || input === null || input === '';

// The sentence for one refused value, or undefined for a message written on purpose (a rule's own refinement).
export function inputMessage(issue: InputIssue, path: readonly PropertyKey[], label?: string): string | undefined {
  const { name, chosen, where } = fieldNameOf(path, label);
  const The = `The ${name}${where}`;
  const enter = `${chosen ? 'Choose' : 'Enter'} ${anArticle(name)}${where}.`;
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return enter;
      return `${The} must be ${expectedKind(issue.expected)}.`;
    case 'too_small':
      return tooSmall(issue, name, The, enter);
    case 'too_big':
      return tooBig(issue, name, The);
    case 'invalid_value':
      return `Choose ${anArticle(name)}${where} from the list.`;
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern === String(plainTextPattern)) {
        return controlCharacterMessage(`${name}${where}`);
      }
      if (issue.format === 'date') return `Enter the ${name}${where} as a date (YYYY-MM-DD).`;
      if (issue.format === 'email') return `Enter the ${name}${where} as an email address (name@example.com).`;
      return `${The} is not written the way it should be.`;
    case 'not_multiple_of':
      return `${The} may have at most ${decimalsOf(issue.divisor)} decimal places.`;
    case 'unrecognized_keys':
      return `The ${name} field is not allowed.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return `${The} is not valid: check it and try again.`;
    default:
      return undefined;
  }
}

function tooSmall(issue: InputIssue, name: string, The: string, enter: string): string {
  const minimum = Number(issue.minimum);
  if (issue.origin === 'string') {
    if (minimum <= 1) return enter;
    return `${The} must be at least ${minimum} characters.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    const one = name.replace(/s$/, '');
    return minimum <= 1 ? `Add at least one ${one}.` : `Add at least ${minimum} ${name}.`;
  }
  if (issue.inclusive === false) return `${The} must be more than ${minimum}.`;
  return minimum === 0 ? `${The} may not be less than 0.` : `${The} must be at least ${minimum}.`;
}

function tooBig(issue: InputIssue, name: string, The: string): string {
  const maximum = Number(issue.maximum);
  if (issue.origin === 'string') return `Enter at most ${maximum.toLocaleString('en-US')} characters for the ${name}.`;
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `${The} may have at most ${maximum.toLocaleString('en-US')} entries.`;
  }
  // Only an amount of money is bounded by the contract's Money maximum: the refusal reads it as money.
  if (maximum === largestPesos) return `${The} may not be more than ${formatPesos(largestPesos * 100)}.`;
  if (issue.inclusive === false) return `${The} must be less than ${maximum.toLocaleString('en-US')}.`;
  return `${The} may not be more than ${maximum.toLocaleString('en-US')}.`;
}

function expectedKind(expected: string | undefined): string {
  if (expected === 'number' || expected === 'int' || expected === 'bigint') return 'a number';
  if (expected === 'boolean') return 'yes or no';
  if (expected === 'array') return 'a list';
  if (expected === 'object') return 'a set of fields';
  return 'text';
}

function decimalsOf(divisor: unknown): number {
  const text = String(divisor);
  const point = text.indexOf('.');
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return point < 0 ? 0 : text.length - point - 1;
}

// A chosen record that is not there to choose (another business's, deleted, or never made): `lines.2.item_id` reads
// "Choose an item on line 3 from the list."
export function unknownChoice(field: string): string {
  const { name, where } = fieldNameOf(field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)));
  return `Choose ${anArticle(name)}${where} from the list.`;
}
