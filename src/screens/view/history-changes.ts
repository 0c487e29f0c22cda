import type { RecordHistoryEntry, RecordHistoryEntryAction } from '../../../generated/model/index.ts';
import { codeWords } from '../../format/code-words.ts';
import { resources } from '../../resources/registry.ts';
import type { FormField, Option, ResourceDefinition, ResourceKey, ValueKind } from '../../resources/resource.ts';
import { formatValue } from '../shared/value-text.tsx';

export const actionWords: Record<RecordHistoryEntryAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  restored: 'Restored',
  status: 'Status changed',
};

// `references`: the field holds the id (or ids) of records of that resource, shown by their names; `options`: a
// choice's values and the words its form shows for them.
type FieldLook = { label: string; kind?: ValueKind; references?: ResourceKey; options?: readonly Option[] };

type Records = { resource: ResourceKey; ids: readonly number[] };

// What a side of a change shows: text, records named by a lookup of their ids, or several named groups of records
// (a count's scope: its item types, brands and items).
export type ChangeValue = { text: string } | Records | { groups: readonly (Records & { label: string })[] };

export type ChangeLine = { field: string; label: string; from: ChangeValue; to: ChangeValue };

const formKinds: Partial<Record<FormField['kind'], ValueKind>> = {
  money: 'money',
  quantity: 'quantity',
  percent: 'percent',
  date: 'date',
  checkbox: 'boolean',
  discounts: 'discounts',
};

// The labels, formats and referenced resources the resource's own screens give its fields; a relation's id takes
// its picker's label, and its name field says who it is.
export function fieldLooks(resource: ResourceDefinition): Map<string, FieldLook> {
  const looks = new Map<string, FieldLook>();
  for (const field of resource.formFields) {
    const kind = field.kind === 'area' ? field.shows : formKinds[field.kind];
    const references = field.kind === 'relation' || field.kind === 'relations' ? field.resource : undefined;
    const options = field.kind === 'select' ? field.options : undefined;
    looks.set(field.name, {
      label: field.label,
      ...(kind ? { kind } : {}),
      ...(references ? { references } : {}),
      ...(options ? { options } : {}),
    });
    if ('labelField' in field && field.labelField) looks.set(field.labelField, { label: field.label });
  }
  for (const column of [...resource.columns, ...resource.viewFields]) {
    const known = looks.get(column.field);
    looks.set(column.field, { ...known, label: column.label, ...(column.kind ? { kind: column.kind } : {}) });
  }
  return looks;
}

// The names that stand for ids in a record: each relation's label field (a location's covers its pair of ids).
function nameFields(resource: ResourceDefinition): Map<string, string> {
  const names = new Map<string, string>();
  for (const field of resource.formFields) {
    const labelField = field.kind === 'relation' || field.kind === 'area' ? field.labelField : undefined;
    if (labelField) names.set(field.name, labelField);
    if (field.kind === 'location') {
      names.set(`${field.prefix}branch_id`, field.labelField);
      names.set(`${field.prefix}warehouse_id`, field.labelField);
    }
    if (field.kind === 'home-location') {
      names.set('userable_id', field.labelField);
      names.set('userable_type', field.labelField);
    }
  }
  return names;
}

function humanized(field: string): string {
  return codeWords(field.replace(/_ids?$/, '').replace(/_by_name$/, '_by'), 'title');
}

// The resource an id field points to by the contract's naming (job_order_id, role_ids, closed_by), when the app
// has it.
function referencedByName(field: string): ResourceKey | undefined {
  if (field.endsWith('_by')) return resources.find((resource) => resource.key === 'users')?.key;
  const match = /^(?:from_|to_)?(.+?)_ids?$/.exec(field);
  if (!match?.[1]) return undefined;
  const stem = match[1].replaceAll('_', '-');
  const plural = stem.endsWith('s') ? `${stem}es` : stem.endsWith('y') ? `${stem.slice(0, -1)}ies` : `${stem}s`;
  return resources.find((resource) => resource.key === plural)?.key;
}

// An id that changed with its name (contact_id with contact_name) is shown once, by the name; so is an object
// that came with its id (a job order's prescription with its prescription_id).
function shownByAnother(field: string, changes: RecordHistoryEntry['changes'], names: Map<string, string>): boolean {
  const named = names.get(field);
  if (named && named in changes) return true;
  if (field.endsWith('_id')) {
    const stem = field.slice(0, -3);
    return `${stem}_name` in changes || `${stem}_number` in changes;
  }
  if (field.endsWith('_ids')) return `${field.slice(0, -4)}_names` in changes;
  // Who closed a drawer or counted a line is a user's id beside the user's name.
  if (field.endsWith('_by')) return `${field}_name` in changes;
  return `${field}_id` in changes;
}

function ids(value: unknown): number[] | null {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value) && value.every((element) => typeof element === 'number')) return value;
  return null;
}

// An object the screens have no format for reads as its fields, by name: never as JSON.
function objectText(value: object): string {
  if (Array.isArray(value))
    return value.map((part) => (typeof part === 'object' ? objectText(part) : String(part))).join(', ');
  const parts = Object.entries(value)
    .filter(([key, part]) => part !== null && part !== undefined && part !== '' && !key.endsWith('_id'))
    .filter(([, part]) => !(Array.isArray(part) && part.length === 0))
    .map(([key, part]) => `${humanized(key)} ${typeof part === 'object' ? objectText(part) : String(part)}`);
  return parts.length === 0 ? '—' : parts.join(', ');
}

// An object of lists of ids (a count's scope) reads as the records of each list, by name, under the list's name.
function recordGroups(value: object): ChangeValue | null {
  const entries = Object.entries(value);
  if (entries.length === 0 || !entries.every(([key, part]) => key.endsWith('_ids') && ids(part) !== null)) return null;
  const groups = entries.flatMap(([key, part]) => {
    const resource = referencedByName(key);
    const listed = ids(part) ?? [];
    return resource && listed.length > 0 ? [{ label: `${humanized(key)}s`, resource, ids: listed }] : [];
  });
  if (groups.length === 0) return { text: 'All' };
  return groups.length === entries.filter(([, part]) => (ids(part) ?? []).length > 0).length ? { groups } : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A line named as a person reads it: what it sells and how many.
function lineText(line: Record<string, unknown>): string {
  const name = line.item_name ?? line.description ?? line.name ?? line.item_code;
  const quantity = typeof line.quantity === 'number' ? ` × ${formatValue(line.quantity, 'quantity')}` : '';
  return `${name === undefined || name === null ? 'a line' : String(name)}${quantity}`;
}

// The labels and formats of a document's line fields, and which of them name another (an item's id by its name).
function lineLooks(resource: ResourceDefinition | undefined, field: string) {
  const looks = new Map<string, FieldLook>();
  const names = new Map<string, string>();
  const lines = resource?.formFields.find((candidate) => candidate.name === field);
  if (lines?.kind !== 'lines') return { looks, names };
  for (const column of lines.columns) {
    const kind =
      column.kind === 'quantity' || column.kind === 'money' || column.kind === 'percent' ? column.kind : undefined;
    looks.set(column.name, { label: column.label, ...(kind ? { kind } : {}) });
    if (column.kind === 'item' || column.kind === 'unit') names.set(column.name, column.labelField);
  }
  for (const column of lines.viewColumns) {
    const known = looks.get(column.field);
    looks.set(column.field, { ...known, label: column.label, ...(column.kind ? { kind: column.kind } : {}) });
  }
  return { looks, names };
}

// A document's lines, compared line by line: each line added or removed, and each field changed on a line, with
// its value before and after ("Line 2 · Unit price: ₱1,200.00 → ₱1,100.00").
function lineChanges(
  field: string,
  from: readonly Record<string, unknown>[],
  to: readonly Record<string, unknown>[],
  resource: ResourceDefinition | undefined,
): ChangeLine[] {
  const { looks, names } = lineLooks(resource, field);
  const changes: ChangeLine[] = [];
  for (let index = 0; index < Math.max(from.length, to.length); index += 1) {
    const before = from[index];
    const after = to[index];
    const label = `Line ${index + 1}`;
    if (!before || !after) {
      changes.push({
        field: `${field}.${index}`,
        label,
        from: { text: before ? lineText(before) : '—' },
        to: { text: after ? lineText(after) : '—' },
      });
      continue;
    }
    const changed: RecordHistoryEntry['changes'] = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (key === 'id' || key.endsWith('_at')) continue;
      if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
        changed[key] = [before[key] ?? null, after[key] ?? null];
      }
    }
    for (const line of namedChanges(changed, looks, names)) {
      changes.push({ ...line, field: `${field}.${index}.${line.field}`, label: `${label} · ${line.label}` });
    }
  }
  return changes;
}

function described(value: unknown, look: FieldLook | undefined): ChangeValue {
  if (value === null || value === undefined || value === '') return { text: '—' };
  const kind = look?.kind;
  if (kind === 'discounts') return { text: formatValue(value, kind) || '—' };
  const referenced = look?.references ? ids(value) : null;
  if (look?.references && referenced) {
    return referenced.length === 0 ? { text: '—' } : { resource: look.references, ids: referenced };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: '—' };
    // A new document's lines are counted; an edit's are compared line by line (lineChanges).
    if (value.some((element) => typeof element === 'object' && element !== null)) {
      return { text: value.length === 1 ? '1 line' : `${value.length} lines` };
    }
    return { text: value.map((element) => formatValue(element, kind)).join(', ') };
  }
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No' };
  const chosen = look?.options?.find((option) => option.value === value);
  if (chosen) return { text: chosen.label };
  if (typeof value === 'object' && kind !== 'special-discount')
    return recordGroups(value) ?? { text: objectText(value) };
  return { text: formatValue(value, kind) || '—' };
}

const isLineList = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every(isRecord);

const isLinesChange = (from: unknown, to: unknown) =>
  (isLineList(from) || (Array.isArray(from) && from.length === 0)) &&
  (isLineList(to) || (Array.isArray(to) && to.length === 0)) &&
  (isLineList(from) || isLineList(to));

export function changeLines(
  changes: RecordHistoryEntry['changes'],
  looks: Map<string, FieldLook>,
  resource?: ResourceDefinition,
): ChangeLine[] {
  const names = resource ? nameFields(resource) : new Map<string, string>();
  return Object.entries(changes).flatMap(([field, [from, to]]) =>
    isLinesChange(from, to)
      ? lineChanges(field, from as Record<string, unknown>[], to as Record<string, unknown>[], resource)
      : namedChanges({ [field]: [from, to] }, looks, names, changes),
  );
}

// An eye's power reads as an optician writes it (+1.50, PL), not as the stored number.
const eyePower = /^o[ds]_(sphere|cylinder|add|prism)$/;

function namedChanges(
  changes: RecordHistoryEntry['changes'],
  looks: Map<string, FieldLook>,
  names: Map<string, string>,
  all: RecordHistoryEntry['changes'] = changes,
): ChangeLine[] {
  return Object.entries(changes)
    .filter(([field]) => !shownByAnother(field, all, names))
    .map(([field, [from, to]]) => {
      const known = looks.get(field);
      const references = known?.references ?? referencedByName(field);
      const figure = eyePower.exec(field)?.[1];
      const look: FieldLook = {
        label: known?.label ?? humanized(field),
        ...(figure ? { kind: figure === 'sphere' ? 'sphere' : 'power' } : {}),
        ...known,
        ...(references ? { references } : {}),
      };
      return { field, label: look.label, from: described(from, look), to: described(to, look) };
    });
}
