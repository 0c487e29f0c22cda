// A resource's fields written once, under `fields` of its `x-standard-operations`: generate.ts writes from them the
// record schema (the audit columns and the business first, every field required, as a record always answers all of
// them), the create body and the update body into openapi/generated/<file>. A field says only what differs from the
// common case, with these marks (dropped from what is written):
// - `x-read-only: true`: answered, never sent (a name looked up, a figure the server works out);
// - `x-required-on-create`: true or false where the default is wrong; by default a field is required on create
//   unless it may be null, is a list or has a default;
// - `x-writable-once: true`: sent on create, never changed after (not in the update body);
// - `x-write-only: true`: sent, never answered (a password, a confirmation that a duplicate is meant);
// - `x-label`: its label on screens where its name's words are not it (`months` is Months without it);
// - `x-references`: the registry key of the resource an id names (its picker on the form, `<x>_name` shown);
// - `x-write`: the keywords the bodies say otherwise (a default, a narrower range), laid over the field's schema.
// Free text in the bodies takes the plain-text pattern (no control characters); the update body leaves defaults
// out, as a field not sent keeps its value.
import { type Json, type JsonObject, plainText } from './standard-operations.ts';

const marks = [
  'x-read-only',
  'x-write-only',
  'x-required-on-create',
  'x-writable-once',
  'x-write',
  'x-label',
  'x-references',
] as const;

const root = '../../openapi.yaml';
const ref = (name: string): JsonObject => ({ $ref: `${root}#/components/schemas/${name}` });
const orNull = (schema: JsonObject): JsonObject => ({ oneOf: [schema, { type: 'null' }] });

const auditColumns: Record<string, JsonObject> = {
  id: ref('Id'),
  created_at: ref('Timestamp'),
  updated_at: ref('Timestamp'),
  deleted_at: {
    ...orNull(ref('Timestamp')),
    description: 'Set when the record is soft-deleted (voided, for a posted document).',
  },
  created_by: orNull(ref('Id')),
  updated_by: orNull(ref('Id')),
};

// A field's `$ref`s as the generated file, one folder down, reaches them: through the root, or into its own file.
function moved(value: Json, file: string): Json {
  if (Array.isArray(value)) return value.map((item) => moved(item, file));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key !== '$ref' || typeof item !== 'string') return [key, moved(item, file)];
      if (item.startsWith('../openapi.yaml#')) return [key, item.replace('../openapi.yaml#', `${root}#`)];
      if (item.startsWith('#')) return [key, `../${file}${item}`];
      return [key, item];
    }),
  );
}

const typesOf = (schema: JsonObject): Json[] => (Array.isArray(schema.type) ? schema.type : [schema.type ?? null]);
const variantsOf = (schema: JsonObject): JsonObject[] =>
  Array.isArray(schema.oneOf) ? (schema.oneOf as JsonObject[]) : [schema];
const nullable = (schema: JsonObject) =>
  variantsOf(schema).some((variant) => typesOf(variant).includes('null') || (variant.enum as Json[])?.includes(null));
const isList = (schema: JsonObject) => variantsOf(schema).some((variant) => typesOf(variant).includes('array'));
const isFreeText = (schema: JsonObject) =>
  typesOf(schema).includes('string') && schema.enum === undefined && schema.format === undefined;

function withoutMarks(schema: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !(marks as readonly string[]).includes(key)));
}

// The field as a body takes it: its own keywords with the write's laid over, the plain-text pattern on free text
// (in a list's values too), each value of a list once.
function written(schema: JsonObject): JsonObject {
  const field: JsonObject = { ...withoutMarks(schema), ...((schema['x-write'] as JsonObject | undefined) ?? {}) };
  if (isFreeText(field)) field.pattern ??= plainText;
  const items = field.items as JsonObject | undefined;
  if (items && isFreeText(items)) field.items = { ...items, pattern: items.pattern ?? plainText };
  return field;
}

function checkedMarks(file: string, declared: Record<string, JsonObject>): Record<string, JsonObject> {
  const fields = moved(declared, file) as Record<string, JsonObject>;
  for (const [name, field] of Object.entries(fields)) {
    for (const key of Object.keys(field)) {
      if (key.startsWith('x-') && !(marks as readonly string[]).includes(key)) {
        throw new Error(`openapi/${file}: the field ${name} has an unknown mark ${key}`);
      }
    }
  }
  return fields;
}

const answeredFields = (fields: Record<string, JsonObject>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field['x-write-only'] !== true)
      .map(([name, field]) => [name, withoutMarks(field)]),
  );
const writableFields = (fields: Record<string, JsonObject>) =>
  Object.entries(fields).filter(([, field]) => field['x-read-only'] !== true);
const requiredOnCreate = (writable: [string, JsonObject][]) =>
  writable
    .filter(([, field]) => {
      const mark = field['x-required-on-create'];
      if (typeof mark === 'boolean') return mark;
      const write = written(field);
      return !nullable(write) && !isList(write) && write.default === undefined;
    })
    .map(([name]) => name);
const body = (properties: Record<string, JsonObject>, required: string[]): JsonObject => ({
  type: 'object',
  additionalProperties: false,
  ...(required.length > 0 ? { required } : {}),
  properties,
});

// A document's lines, written once under `lines` of its declaration beside the header's `fields`: `<schema>Line`
// (the line's id and its fields) and `<schema>LineInput` (what a create body sends of each), with the same marks.
// The header's record answers them as `lines`, and its create body takes at least one and at most `max-items`.
export type LinesDeclaration = { fields: Record<string, JsonObject>; 'max-items'?: number };

export function recordSchemas(
  file: string,
  names: { schema: string; scope?: 'business' | 'user'; update: boolean },
  declared: Record<string, JsonObject>,
  lines?: LinesDeclaration,
): Record<string, JsonObject> {
  const fields = checkedMarks(file, declared);
  const lineFields = lines === undefined ? undefined : checkedMarks(file, lines.fields);
  const listOf = (name: string): JsonObject => ({ type: 'array', items: ref(name) });
  const properties: Record<string, JsonObject> = {
    ...auditColumns,
    ...(names.scope === 'user' ? {} : { business_id: ref('Id') }),
    ...answeredFields(fields),
    ...(lineFields === undefined ? {} : { lines: listOf(`${names.schema}Line`) }),
  };
  const writable = writableFields(fields);
  const required = requiredOnCreate(writable);
  const createProperties = Object.fromEntries(writable.map(([name, field]) => [name, written(field)]));
  if (lineFields !== undefined) {
    required.push('lines');
    createProperties.lines = {
      type: 'array',
      minItems: 1,
      maxItems: lines?.['max-items'] ?? 200,
      items: ref(`${names.schema}LineInput`),
    };
  }
  const schemas: Record<string, JsonObject> = {
    [names.schema]: {
      type: 'object',
      additionalProperties: false,
      required: Object.keys(properties),
      properties,
    },
    [`${names.schema}Create`]: body(createProperties, required),
  };
  if (lineFields !== undefined) {
    const lineProperties = { id: ref('Id'), ...answeredFields(lineFields) };
    const lineWritable = writableFields(lineFields);
    schemas[`${names.schema}Line`] = {
      type: 'object',
      additionalProperties: false,
      required: Object.keys(lineProperties),
      properties: lineProperties,
    };
    schemas[`${names.schema}LineInput`] = body(
      Object.fromEntries(lineWritable.map(([name, field]) => [name, written(field)])),
      requiredOnCreate(lineWritable),
    );
  }
  if (names.update) {
    schemas[`${names.schema}Update`] = {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: Object.fromEntries(
        writable
          .filter(([, field]) => field['x-writable-once'] !== true)
          .map(([name, field]) => {
            const { default: _, ...kept } = written(field);
            return [name, kept];
          }),
      ),
    };
  }
  return schemas;
}

// A field as the client's screens take it (src/resources/record-fields.ts): its label, how it is entered and shown.
export type ScreenField = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'money' | 'quantity' | 'checkbox' | 'date' | 'select' | 'relation' | 'list';
  required?: true;
  readOnly?: true;
  writableOnce?: true;
  options?: string[];
  resource?: string;
};

const words = (name: string) =>
  name
    .replace(/_id$/, '')
    .split('_')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');

export function screenFields(declared: Record<string, JsonObject>, required: readonly string[]): ScreenField[] {
  return Object.entries(declared).flatMap(([name, field]): ScreenField[] => {
    if (field['x-write-only'] === true) return [];
    const variant = variantsOf(field)[0] ?? field;
    const types = typesOf(variant);
    const ref = typeof variant.$ref === 'string' ? variant.$ref : '';
    const kind: ScreenField['kind'] =
      typeof field['x-references'] === 'string'
        ? 'relation'
        : types.includes('array')
          ? 'list'
          : types.includes('boolean')
            ? 'checkbox'
            : types.includes('integer') || types.includes('number')
              ? 'number'
              : ref.endsWith('/Money')
                ? 'money'
                : /\/(Signed)?Quantity$/.test(ref)
                  ? 'quantity'
                  : variant.format === 'date'
                    ? 'date'
                    : Array.isArray(variant.enum)
                      ? 'select'
                      : Number(variant.maxLength ?? 0) > 255
                        ? 'textarea'
                        : 'text';
    return [
      {
        name,
        label: typeof field['x-label'] === 'string' ? field['x-label'] : words(name),
        kind,
        ...(required.includes(name) ? { required: true as const } : {}),
        ...(field['x-read-only'] === true ? { readOnly: true as const } : {}),
        ...(field['x-writable-once'] === true ? { writableOnce: true as const } : {}),
        ...(kind === 'select'
          ? { options: (variant.enum as Json[]).filter((value) => value !== null).map(String) }
          : {}),
        ...(kind === 'relation' ? { resource: String(field['x-references']) } : {}),
      },
    ];
  });
}
