import { fileURLToPath } from 'node:url';
import { loadContractDocument } from '../http/contract-document.ts';

type Schema = {
  $ref?: string;
  enum?: unknown[];
  format?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  required?: string[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Content = Record<string, { schema?: Schema }>;
type Operation = { responses?: Record<string, { content?: Content }>; requestBody?: { content?: Content } };
type Contract = {
  paths: Record<string, { get?: Operation; post?: Operation }>;
  components: { schemas: Record<string, Schema> };
};

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
// `values` are an enum's codes, `format` a string's format (`date`).
export type BodyField = { name: string; type: FieldType; required: boolean; values?: string[]; format?: string };

// How a CSV cell of a column is written: money with two decimals, a timestamp in Manila time, a code of a list
// of codes (a status, a tax class) in the screens' words, else as it is.
export type ColumnKind = 'money' | 'timestamp' | 'word' | 'plain';

type ContractFields = {
  exportColumns: Map<string, string[]>;
  columnKinds: Map<string, Map<string, ColumnKind>>;
  lineColumns: Map<string, string[]>;
  lineKinds: Map<string, Map<string, ColumnKind>>;
  createFields: Map<string, BodyField[]>;
  recordFields: Map<string, RecordField[]>;
  lineFields: Map<string, RecordField[]>;
};

// A field of a record as its list answers it: how its stored value is answered (`flag` 0/1 or a boolean as a
// boolean, `number` as a number, `money` centavos as pesos, `plain` as stored), and whether a body writes it.
// A line's quantity (`quantity`) is kept in thousandths.
export type RecordField = {
  name: string;
  kind: 'flag' | 'number' | 'money' | 'quantity' | 'plain';
  written: boolean;
};

let fields: ContractFields | undefined;

function contractFields(): ContractFields {
  fields ??= readContractFields(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)));
  return fields;
}

/**
 * The CSV columns of every listed resource, read from the record schema that its list answers in the contract:
 * the scalar fields in the contract's order, an object field as `field.key` columns, lists left out. So an export
 * has the same header whether or not any record matches, and a field added to the contract is exported too.
 */
export function exportColumns(prefix: string): readonly string[] {
  return contractFields().exportColumns.get(prefix) ?? [];
}

// The kind of each export column of a resource (`plain` when the contract says nothing more).
export function exportColumnKinds(prefix: string): ReadonlyMap<string, ColumnKind> {
  return contractFields().columnKinds.get(prefix) ?? new Map();
}

// The scalar fields of a document's lines (its `lines` list), in the contract's order; none for a record without.
export function exportLineColumns(prefix: string): readonly string[] {
  return contractFields().lineColumns.get(prefix) ?? [];
}

// The kind of each line column of a document.
export function exportLineKinds(prefix: string): ReadonlyMap<string, ColumnKind> {
  return contractFields().lineKinds.get(prefix) ?? new Map();
}

// The fields of a resource's create body, as the contract declares them: what a CSV import's columns fill.
export function createFields(prefix: string): readonly BodyField[] {
  return contractFields().createFields.get(prefix) ?? [];
}

// The fields of a resource's record in the contract's order (engine/record-fields.ts presents them).
export function recordFields(prefix: string): readonly RecordField[] {
  return contractFields().recordFields.get(prefix) ?? [];
}

// The fields of a document's line in the contract's order, as its list answers them (ledger/document-resource.ts
// presents them); none for a record without lines.
export function lineRecordFields(prefix: string): readonly RecordField[] {
  return contractFields().lineFields.get(prefix) ?? [];
}

function readContractFields(contractPath: string): ContractFields {
  const contract = loadContractDocument(contractPath) as unknown as Contract;
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const found = contract.components.schemas[name];
    if (!found) throw new Error(`The contract has no schema ${name}`);
    return resolve(found);
  };
  const variants = (schema: Schema): Schema[] => {
    const resolved = resolve(schema);
    const alternatives = resolved.oneOf ?? resolved.anyOf ?? resolved.allOf;
    return alternatives ? alternatives.flatMap(variants) : [resolved];
  };
  const isList = (schema: Schema) => variants(schema).some((variant) => variant.type === 'array');
  const objectFields = (schema: Schema) =>
    variants(schema).find((variant) => variant.properties !== undefined)?.properties ?? null;

  const typeOf = (schema: Schema): FieldType => {
    for (const variant of variants(schema)) {
      const type = Array.isArray(variant.type) ? variant.type.find((name) => name !== 'null') : variant.type;
      if (type && type !== 'null') return type as FieldType;
    }
    return 'string';
  };

  const refsOf = (schema: Schema): string[] => [
    ...(schema.$ref ? [schema.$ref.replace(/^.*\//, '')] : []),
    ...(schema.oneOf ?? schema.anyOf ?? schema.allOf ?? []).flatMap(refsOf),
  ];
  const kindOf = (schema: Schema): ColumnKind => {
    const refs = refsOf(schema);
    if (refs.some((name) => name === 'Money' || name === 'Cost')) return 'money';
    if (refs.includes('Timestamp')) return 'timestamp';
    const codes = variants(schema).some(
      (variant) => variant.type !== 'boolean' && (variant.enum ?? []).some((value) => typeof value === 'string'),
    );
    return codes ? 'word' : 'plain';
  };
  const exportColumns = new Map<string, string[]>();
  const columnKinds = new Map<string, Map<string, ColumnKind>>();
  const lineColumns = new Map<string, string[]>();
  const lineKinds = new Map<string, Map<string, ColumnKind>>();
  const createFields = new Map<string, BodyField[]>();
  const recordFields = new Map<string, RecordField[]>();
  const lineFields = new Map<string, RecordField[]>();
  const fieldOf = (name: string, schema: Schema, written: boolean): RecordField => {
    const type = typeOf(schema);
    const quantity = refsOf(schema).some((ref) => /^(Signed)?Quantity$/.test(ref));
    const kind =
      kindOf(schema) === 'money'
        ? 'money'
        : quantity
          ? 'quantity'
          : type === 'boolean'
            ? 'flag'
            : type === 'integer' || type === 'number'
              ? 'number'
              : 'plain';
    return { name, kind, written };
  };
  for (const [path, item] of Object.entries(contract.paths)) {
    const match = /^\/api\/([a-z-]+)$/.exec(path);
    if (!match?.[1]) continue;
    const body = item.post?.requestBody?.content?.['application/json']?.schema;
    if (body) {
      const resolved = resolve(body);
      const required = new Set(resolved.required ?? []);
      createFields.set(
        match[1],
        Object.entries(resolved.properties ?? {}).map(([name, schema]) => {
          const values = variants(schema)
            .flatMap((variant) => variant.enum ?? [])
            .filter((value) => value !== null);
          const format = variants(schema).find((variant) => variant.format !== undefined)?.format;
          return {
            name,
            type: typeOf(schema),
            required: required.has(name),
            ...(values.length > 0 ? { values: values.map(String) } : {}),
            ...(format !== undefined ? { format } : {}),
          };
        }),
      );
    }
    const page = item.get?.responses?.['200']?.content?.['application/json']?.schema;
    if (!page) continue;
    const record = resolve(page).properties?.data?.items;
    const fields = record ? objectFields(record) : null;
    if (!fields) continue;
    const names: string[] = [];
    const kinds = new Map<string, ColumnKind>();
    for (const [field, schema] of Object.entries(fields)) {
      if (field === 'lines' && isList(schema)) {
        const item = variants(schema).find((variant) => variant.type === 'array')?.items;
        const ofLine = item ? objectFields(item) : null;
        const scalar = Object.entries(ofLine ?? {}).filter(
          ([, lineSchema]) => !isList(lineSchema) && !objectFields(lineSchema),
        );
        lineColumns.set(
          match[1],
          scalar.map(([name]) => name),
        );
        lineKinds.set(match[1], new Map(scalar.map(([name, lineSchema]) => [name, kindOf(lineSchema)])));
        const inputLine = body ? resolve(body).properties?.lines?.items : undefined;
        const inputItems = inputLine ? objectFields(inputLine) : null;
        lineFields.set(
          match[1],
          Object.entries(ofLine ?? {}).map(([name, lineSchema]) =>
            fieldOf(name, lineSchema, Object.hasOwn(inputItems ?? {}, name)),
          ),
        );
      }
      if (isList(schema)) continue;
      const inner = objectFields(schema);
      if (inner) {
        for (const [key, innerSchema] of Object.entries(inner)) {
          if (isList(innerSchema) || objectFields(innerSchema)) continue;
          names.push(`${field}.${key}`);
          kinds.set(`${field}.${key}`, kindOf(innerSchema));
        }
      } else {
        names.push(field);
        kinds.set(field, kindOf(schema));
      }
    }
    exportColumns.set(match[1], names);
    const written = new Set(createFields.get(match[1])?.map((field) => field.name) ?? []);
    recordFields.set(
      match[1],
      Object.entries(fields).map(([name, schema]) => {
        const field = fieldOf(name, schema, written.has(name));
        // Only a line's quantity is kept in thousandths; a header's figures are presented as stored.
        return field.kind === 'quantity' ? { ...field, kind: 'number' } : field;
      }),
    );
    columnKinds.set(match[1], kinds);
  }
  return { exportColumns, columnKinds, lineColumns, lineKinds, createFields, recordFields, lineFields };
}
