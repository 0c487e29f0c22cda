import type { ResourceKey } from '../../server/registry/resources.ts';
import { lineFields, recordFields } from './field-lists.ts';
import { lines } from './form-fields.ts';
import {
  type Column,
  defineResource,
  type FormField,
  type LineField,
  type ResourceDefinition,
  type ValueKind,
} from './resource.ts';
import type { ScreenField } from './screen-field.ts';
import { recordTimestamps } from './shared-declarations.ts';
import { type BodySchemas, type OptionalCalls, type RequiredCalls, standardOperations } from './standard-operations.ts';

// What a resource writes for a field where the contract's is not what its screens want (a label, a select's words),
// or `false` to leave the field off a screen.
type Own = {
  columns?: Readonly<Record<string, Partial<Column> | false>>;
  viewFields?: Readonly<Record<string, Partial<Column> | false>>;
  formFields?: Readonly<Record<string, FormField | false>>;
};

const shownAs: Partial<Record<ScreenField['kind'], ValueKind>> = {
  money: 'money',
  quantity: 'quantity',
  list: 'list',
  date: 'date',
  checkbox: 'boolean',
};
const optionLabel = (code: string) => `${code.charAt(0).toUpperCase()}${code.slice(1).replaceAll('_', ' ')}`;

function formField(field: ScreenField): FormField | null {
  if (field.readOnly || field.kind === 'list') return null;
  const base = { name: field.name, label: field.label, ...(field.required ? { required: true } : {}) };
  if (field.kind === 'relation') {
    const labelField = field.name.replace(/_id$/, '_name');
    return { ...base, kind: 'relation', resource: field.resource as ResourceKey, labelField };
  }
  if (field.kind === 'select') {
    return {
      ...base,
      kind: 'select',
      options: (field.options ?? []).map((value) => ({ value, label: optionLabel(value) })),
    };
  }
  if (field.kind === 'checkbox') return { ...base, kind: 'checkbox' };
  return { ...base, kind: field.kind, ...(field.writableOnce ? { createOnly: true } : {}) };
}

function shown(fields: readonly ScreenField[], own: Own['columns']): Column[] {
  const byName = new Set(fields.map((field) => field.name));
  return fields.flatMap((field): Column[] => {
    // An id is shown by the name beside it.
    if (field.kind === 'relation' && byName.has(field.name.replace(/_id$/, '_name'))) return [];
    const mine = own?.[field.name];
    if (mine === false) return [];
    const kind = shownAs[field.kind];
    return [{ field: field.name, label: field.label, ...(kind ? { kind } : {}), ...mine }];
  });
}

// The list columns, view fields and form fields of a resource, from its contract's fields in their order: each
// field that a body writes is asked for, each one shown (an id by its name), unless `own` says otherwise for it.
export function screensOf(key: ResourceKey, own: Own = {}) {
  const fields = recordFields[key];
  if (!fields) throw new Error(`openapi/<area>/${key}.yaml writes no fields`);
  const columns = shown(
    fields.filter((field) => field.kind !== 'textarea'),
    own.columns,
  );
  const viewFields = [...shown(fields, own.viewFields), ...recordTimestamps];
  const formFields = fields.flatMap((field) => {
    const mine = own.formFields?.[field.name];
    if (mine === false) return [];
    const made = mine ?? formField(field);
    return made ? [made] : [];
  });
  return { columns, viewFields, formFields };
}

// A line's input: an id picked elsewhere is carried as it is; a line has no pickers, selects or dates of its own
// unless the document writes them.
function lineInput(field: ScreenField): LineField | null {
  if (field.readOnly || field.kind === 'list') return null;
  const base = { name: field.name, label: field.label, ...(field.required ? { required: true } : {}) };
  if (field.kind === 'money' || field.kind === 'quantity' || field.kind === 'checkbox') {
    return { ...base, kind: field.kind };
  }
  return { ...base, kind: field.kind === 'relation' ? 'id' : 'text' };
}

// What a document writes for a line's field where the contract's is not what its screens want.
type OwnLines = { lineInputs?: Readonly<Record<string, LineField | false>>; lineColumns?: Own['columns'] };

// A document's list columns, view fields and form fields from its contract's `fields` and `lines`, as screensOf
// makes a record's: its header's fields, then its lines (the inputs of the fields a line sends, a column of each),
// unless `own` says otherwise for a field.
export function documentScreensOf(key: ResourceKey, own: Own & OwnLines = {}) {
  const screens = screensOf(key, own);
  const ofLine = lineFields[key];
  if (!ofLine) return screens;
  const inputs = ofLine.flatMap((field) => {
    const mine = own.lineInputs?.[field.name];
    if (mine === false) return [];
    const made = mine ?? lineInput(field);
    return made ? [made] : [];
  });
  return { ...screens, formFields: [...screens.formFields, lines(inputs, shown(ofLine, own.lineColumns))] };
}

// The client definition of a registry entry with `shape: 'fields'` and no file of its own: written into
// src/app/definitions.ts by `npm run generate`, with its generated modules loaded when a screen first needs them.
export function fieldRecordsOf<One extends string, Many extends string>(
  key: ResourceKey,
  names: { one: One; many: Many },
  calls: () => Promise<RequiredCalls<One, Many> & OptionalCalls<One>>,
  schemas: () => Promise<BodySchemas<One>>,
): ResourceDefinition {
  const title = recordFields[key]?.some((field) => field.name === 'name') ? 'name' : 'id';
  return defineResource({
    key,
    title,
    ...screensOf(key),
    load: async () => standardOperations(names, await calls(), schemas),
  });
}
