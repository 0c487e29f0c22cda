import { loadContractDocument } from '../../server/http/contract-document.ts';

// Request bodies and query strings made from the contract itself, for tests that throw bad input at every
// operation: a plausible body per operation (ids of real records, text, dates) and its deterministic mutations.

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { $ref?: string; name: string; in: string; required?: boolean; schema?: Schema };
type RawOperation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Contract = {
  paths: Record<string, Record<string, RawOperation | Parameter[]>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
};

export type Operation = {
  id: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  contentType: string | null;
  body: Schema | null;
  query: Parameter[];
};

const contract = loadContractDocument(new URL('../../openapi.yaml', import.meta.url).pathname) as Contract;

export function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const target = contract.components.schemas[schema.$ref.split('/').pop() ?? ''];
  if (!target) throw new Error(`The contract has no ${schema.$ref}`);
  return resolve({ ...target, ...withoutRef(schema) });
}

function withoutRef({ $ref: _ref, ...rest }: Schema): Schema {
  return rest;
}

export function contractOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const [method, value] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const operation = value as RawOperation;
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [null, null];
      const parameters = [...shared, ...(operation.parameters ?? [])].map((parameter) =>
        parameter.$ref
          ? (contract.components.parameters[parameter.$ref.split('/').pop() ?? ''] as Parameter)
          : parameter,
      );
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        contentType,
        body: media ? resolve(media.schema) : null,
        query: parameters.filter((parameter) => parameter.in === 'query'),
      });
    }
  }
  return operations;
}

// A small seeded generator (mulberry32), so that every run samples the same mutations.
export function seededRandom(seedText: string): () => number {
  let seed = [...seedText].reduce((hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16777619), 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sample<T>(values: readonly T[], count: number, random: () => number): T[] {
  const pool = [...values];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) picked.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return picked;
}

export type IdOf = (field: string) => number;

let serial = 0;

// A body the contract accepts, as far as the schema alone can tell: required fields only, ids from `idOf`.
export function sampleValue(schema: Schema, field: string, idOf: IdOf): unknown {
  const resolved = resolve(schema);
  const alternative = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])].find(
    (part) => resolve(part).type !== 'null',
  );
  if (alternative) return sampleValue({ ...withoutAlternatives(resolved), ...resolve(alternative) }, field, idOf);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum.find((value) => value !== null);
  const type = Array.isArray(resolved.type) ? resolved.type.find((name) => name !== 'null') : resolved.type;
  if (type === 'object' || resolved.properties) {
    const body: Record<string, unknown> = {};
    // A document's locations are each one of two optional ids; naming one makes the body postable.
    const locations = ['branch_id', 'from_branch_id', 'to_warehouse_id'].filter((name) => resolved.properties?.[name]);
    const names = [...(resolved.required ?? []), ...locations];
    for (const name of new Set(names)) {
      const property = resolved.properties?.[name];
      if (property) body[name] = sampleValue(property, name, idOf);
    }
    return body;
  }
  if (type === 'array') {
    const item = resolved.items ?? {};
    return Array.from({ length: Math.max(1, resolved.minItems ?? 1) }, () => sampleValue(item, field, idOf));
  }
  if (type === 'integer' || type === 'number') {
    if (/(^|_)ids?$/.test(field)) return idOf(field);
    const low = resolved.minimum ?? (resolved.exclusiveMinimum === undefined ? 1 : resolved.exclusiveMinimum + 1);
    return Math.min(Math.max(low, 1), resolved.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (type === 'boolean') return true;
  if (resolved.format === 'date') return '2026-11-21';
  if (resolved.format === 'date-time') return '2026-11-21T08:00:00.000Z';
  if (resolved.format === 'email') return `sample-${++serial}@example.test`;
  if (resolved.pattern === '^[0-9]{6}$') return '482913';
  const text = `Sample ${++serial} text`;
  return text.padEnd(resolved.minLength ?? 0, 'x').slice(0, resolved.maxLength ?? text.length);
}

function withoutAlternatives({ oneOf: _oneOf, anyOf: _anyOf, ...rest }: Schema): Schema {
  return rest;
}

// Values no field should ever make the server fail on.
export const oddValues: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  0.0001,
  -0.000001,
  1e308,
  2 ** 53 + 2,
  -2147483649,
  2147483648,
  '',
  ' ',
  '12',
  '1e3',
  'NaN',
  'Infinity',
  '2026-02-30',
  '0x10',
  'x'.repeat(300),
  'x'.repeat(70_000),
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[2J',
  '\uD800',
  'ﬀ😀\u202E',
  "' OR 1=1 --",
  '%_\\',
  [],
  [1, '2', null],
  {},
  { nested: { deeper: [] } },
];

export type Mutation = { name: string; payload: string; contentType: string };

const json = (name: string, value: unknown): Mutation => ({
  name,
  payload: JSON.stringify(value),
  contentType: 'application/json',
});

function topProperties(schema: Schema): [string, Schema][] {
  return Object.entries(resolve(schema).properties ?? {});
}

// The body's mutations: whole-body breakage always, then a deterministic sample of field and line mutations.
export function bodyMutations(operation: Operation, idOf: IdOf, fieldSamples: number): Mutation[] {
  const random = seededRandom(operation.id);
  if (operation.contentType === 'text/csv') return csvMutations(random);
  const schema = operation.body ?? {};
  const base = sampleValue(schema, 'body', idOf) as Record<string, unknown>;
  const mutations: Mutation[] = [
    { name: 'not JSON', payload: '{"name": ', contentType: 'application/json' },
    { name: 'deeply nested', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
    {
      name: 'prototype keys',
      payload: '{"__proto__": {"admin": true}, "constructor": {}}',
      contentType: 'application/json',
    },
    json('null body', null),
    json('array body', [base]),
    json('string body', 'body'),
    json('number body', 42),
    json('empty object', {}),
    json('unknown field', { ...base, unknown_field: 'x' }),
    { name: 'form encoded', payload: 'name=x', contentType: 'application/x-www-form-urlencoded' },
  ];
  const fieldMutations: Mutation[] = [];
  for (const [name, property] of topProperties(schema)) {
    // A NUL in text is what PostgreSQL refuses outright: every text field gets it, not only a sample.
    if (resolve(property).type !== 'array' && JSON.stringify(resolve(property)).includes('"string"')) {
      mutations.push(json(`${name} with NUL`, { ...base, [name]: 'a\u0000b' }));
    }
    const rest = { ...base };
    delete rest[name];
    fieldMutations.push(json(`without ${name}`, rest));
    for (const value of oddValues)
      fieldMutations.push(json(`${name} = ${describe(value)}`, { ...base, [name]: value }));
    const items = resolve(property).items;
    if (resolve(property).type === 'array' && items && resolve(items).properties) {
      const line = (base[name] as unknown[] | undefined)?.[0] ?? sampleValue(items, name, idOf);
      mutations.push(json(`${name} empty`, { ...base, [name]: [] }));
      mutations.push(json(`${name} x 5000`, { ...base, [name]: Array.from({ length: 5000 }, () => line) }));
      mutations.push(json(`${name} of nulls`, { ...base, [name]: [null, 1, 'x'] }));
      for (const [lineField] of topProperties(items)) {
        for (const value of oddValues) {
          const odd = { ...(line as Record<string, unknown>), [lineField]: value };
          fieldMutations.push(json(`${name}.1.${lineField} = ${describe(value)}`, { ...base, [name]: [line, odd] }));
        }
      }
    }
  }
  return [...mutations, ...sample(fieldMutations, fieldSamples, random)];
}

function csvMutations(random: () => number): Mutation[] {
  const csv = (name: string, payload: string): Mutation => ({ name, payload, contentType: 'text/csv' });
  return [
    csv('empty file', ''),
    csv('header only', 'name\n'),
    csv('NUL bytes', 'name,code\n\u0000,\u0000\n'),
    csv('control characters', 'name,code\nA\u0007,B\u001b\n'),
    csv('unclosed quote', 'name,code\n"A,B\n'),
    csv('ragged rows', 'a\nb,c,d,e,f,g\n,,,\n'),
    csv('binary', String.fromCharCode(...Array.from({ length: 512 }, () => Math.floor(random() * 256)))),
    csv('long cell', `name\n${'x'.repeat(100_000)}\n`),
    csv('many rows', `name,code\n${'Row,R\n'.repeat(20_000)}`),
    json('JSON instead of CSV', { rows: [] }),
  ];
}

// The list's bad query strings: odd values of every parameter and unknown or repeated keys.
export function queryMutations(operation: Operation, fieldSamples: number): string[] {
  const random = seededRandom(`${operation.id}?`);
  const values = [
    '',
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '99999999999999999999',
    '%00',
    'a%00b',
    '%07',
    '%E0%A4%A',
    '%ZZ',
    encodeURIComponent('x'.repeat(2000)),
    encodeURIComponent("' OR 1=1 --"),
    '%25_%5C',
    'true',
    'null',
  ];
  const mutations = ['unknown_key=1', 'page[$gt]=1', '%00=1', '&&&==&', 'a=%'];
  const perParameter: string[] = [];
  for (const parameter of operation.query) {
    if (parameter.schema && resolve(parameter.schema).type === 'string') mutations.push(`${parameter.name}=a%00b`);
    for (const value of values) perParameter.push(`${parameter.name}=${value}`);
    perParameter.push(`${parameter.name}=1&${parameter.name}=2`);
    perParameter.push(`${parameter.name}[]=1`);
  }
  return [...mutations, ...sample(perParameter, fieldSamples, random)];
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 24 ? `${text.slice(0, 20)}… (${text.length})` : text;
}
