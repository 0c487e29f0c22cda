// The operations that every resource of the contract shares (list, create, search, read, update, soft delete,
// restore, permanent delete, history), written once. A resource file under openapi/ declares which of them it has
// under `x-standard-operations`, with its own filters and sentences; generate.ts expands the declaration into
// openapi/generated/<file>, which openapi.yaml refers to like any other file. docs/DECISIONS.md says why.

export const standardOperations = [
  'list',
  'create',
  'search',
  'read',
  'update',
  'delete',
  'restore',
  'force-delete',
  'history',
] as const;
export type StandardOperation = (typeof standardOperations)[number];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

// A list or search filter, in the shortest form that says it:
// - `contact_id`: an id filter ("Only records whose contact id matches.");
// - `HasBalance`: one of the root's shared parameters;
// - `{ bill_date: date }`: `bill_date_from` and `bill_date_to`, a range of days;
// - `{ status: [open, paid] }`: one of these values;
// - `{ method: PaymentMethod }`: a value of one of the root's shared schemas;
// - `{ group: text }`: free text of at most 100 characters;
// - a whole parameter object (with `name`) when the filter says more than that.
export type Filter = string | JsonObject;

export interface ResourceDeclaration {
  // The record's schema, e.g. `Brand`; `<schema>Page`, `<schema>Create` and `<schema>Update` go with it.
  schema: string;
  // The URL's last segment, the tag and the permission suffix; the file's name when left out.
  resource?: string;
  // The operations the resource has (they are written in the order above whatever the order here); all nine when
  // left out.
  operations?: StandardOperation[];
  // `user`: a catalogue shared by every business, so no `business-id` header.
  scope?: 'business' | 'user';
  // The permission suffix (`view-<permission>`); the resource's when left out.
  permission?: string;
  // Creating takes an Idempotency-Key header, so that a retried post does not post twice.
  idempotent?: boolean;
  // A numbered document that posts: idempotent, and its create, void and restore say what they post.
  posting?: boolean;
  // The plural as the list's and the search's summaries write it; the resource's words when left out.
  plural?: string;
  // A sentence per operation, added to its description after the standard ones (when it is refused, what else
  // it does).
  notes?: Partial<Record<StandardOperation, string>>;
  'list-filters'?: Filter[];
  'search-filters'?: Filter[];
  // The CSV import (`POST .../import`, all rows or none) and its template (`GET .../import/template`).
  'csv-import'?: boolean;
  // The record's own fields, written once (record-fields.ts): the record schema with its audit columns, and its
  // create and update bodies, are written from them. Left out, the file writes the three schemas itself.
  fields?: Record<string, JsonObject>;
  // A document's lines' fields, written once the same way (record-fields.ts): `<schema>Line`, `<schema>LineInput`,
  // and the header's `lines`.
  lines?: { fields: Record<string, JsonObject>; 'max-items'?: number };
}

// The keys of a declaration, in the order a declaration is written.
export const declarationKeys = [
  'schema',
  'resource',
  'operations',
  'scope',
  'permission',
  'idempotent',
  'posting',
  'plural',
  'list-filters',
  'search-filters',
  'csv-import',
  'notes',
  'fields',
  'lines',
] as const;

// A declaration as read from YAML, refused with the file's name when a key or an operation is misspelt: a typo
// must not quietly drop an operation from the contract.
export function readDeclaration(file: string, value: unknown): ResourceDeclaration {
  const fail = (problem: string): never => {
    throw new Error(`openapi/${file}: x-standard-operations ${problem}`);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('is not a mapping');
  const declaration = value as Record<string, unknown>;
  for (const key of Object.keys(declaration))
    if (!(declarationKeys as readonly string[]).includes(key)) fail(`has an unknown key ${key}`);
  if (typeof declaration.schema !== 'string' || !/^[A-Z][A-Za-z]*$/.test(declaration.schema)) {
    fail("needs `schema`, the record schema's name");
  }
  const known = new Set<unknown>(standardOperations);
  const named = [
    ...((declaration.operations as unknown[] | undefined) ?? []),
    ...Object.keys((declaration.notes as object | undefined) ?? {}),
  ];
  for (const operation of named) if (!known.has(operation)) fail(`names an unknown operation ${String(operation)}`);
  if (declaration.lines !== undefined && declaration.fields === undefined) fail('has `lines` without `fields`');
  if (declaration.scope !== undefined && declaration.scope !== 'business' && declaration.scope !== 'user') {
    fail('has a scope other than business or user');
  }
  return declaration as unknown as ResourceDeclaration;
}

const root = '../../openapi.yaml';
const ref = (section: string, name: string): JsonObject => ({ $ref: `${root}#/components/${section}/${name}` });
const response = (name: string) => ref('responses', name);
const errors = {
  '401': response('Unauthenticated'),
  '403': response('Forbidden'),
  '404': response('NotFound'),
  '409': response('Conflict'),
  '422': response('UnprocessableEntity'),
} as const;
const pick = (...codes: (keyof typeof errors)[]): JsonObject =>
  Object.fromEntries(codes.map((code) => [code, errors[code]]));

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
const words = (pascalName: string) => pascalName.replace(/(?!^)([A-Z])/g, ' $1').toLowerCase();
export const plainText = '^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F]*$';

function filterParameters(filter: Filter): Json[] {
  if (typeof filter === 'string') {
    if (/^[A-Z]/.test(filter)) return [ref('parameters', filter)];
    return [{ name: filter, in: 'query', schema: ref('schemas', 'Id'), description: matches(filter) }];
  }
  // A whole parameter is written beside the declaration, one folder up from the generated file.
  if (typeof filter.name === 'string') {
    return [JSON.parse(JSON.stringify(filter).replaceAll('"../openapi.yaml#', `"${root}#`)) as JsonObject];
  }
  const [name, shape] = Object.entries(filter)[0] ?? [];
  if (name === undefined) throw new Error('An empty filter');
  if (shape === 'date') {
    const day = { type: 'string', format: 'date' };
    const field = name.replaceAll('_', ' ');
    return [
      {
        name: `${name}_from`,
        in: 'query',
        schema: day,
        description: `Only records whose ${field} is on or after this day.`,
      },
      {
        name: `${name}_to`,
        in: 'query',
        schema: day,
        description: `Only records whose ${field} is on or before this day.`,
      },
    ];
  }
  if (shape === 'text') {
    const schema = { type: 'string', maxLength: 100, pattern: plainText };
    return [{ name, in: 'query', schema, description: matches(name) }];
  }
  if (Array.isArray(shape)) {
    return [{ name, in: 'query', schema: { type: 'string', enum: shape }, description: matches(name) }];
  }
  if (typeof shape === 'string')
    return [{ name, in: 'query', schema: ref('schemas', shape), description: matches(name) }];
  throw new Error(`The filter ${name} has a shape this generator does not know`);
}

const matches = (name: string) => `Only records whose ${name.replaceAll('_', ' ')} matches.`;

// The path items of one resource's standard operations, keyed by path as the contract writes them.
export function standardPaths(fileStem: string, declaration: ResourceDeclaration): Record<string, JsonObject> {
  const resource = declaration.resource ?? fileStem;
  const { schema } = declaration;
  const operations = new Set(declaration.operations ?? standardOperations);
  const one = words(schema);
  const many = declaration.plural ?? resource.replaceAll('-', ' ');
  const base = `/api/${resource}`;
  const tags = [resource];
  const reading =
    declaration.scope === 'user' ? [{ session: [], xhr: [] }] : [{ session: [], businessId: [], xhr: [] }];
  const writing =
    declaration.scope === 'user'
      ? [{ session: [], xhr: [], xsrf: [] }]
      : [{ session: [], businessId: [], xhr: [], xsrf: [] }];
  const needs = (operation: StandardOperation, permission: string, standard?: string): string =>
    [`Needs ${permission}-${declaration.permission ?? resource}.`, standard, declaration.notes?.[operation]]
      .filter(Boolean)
      .join(' ');
  const record = (description: string, status = '200'): JsonObject => ({
    [status]: { description, content: { 'application/json': { schema: ref('schemas', schema) } } },
  });
  const body = (suffix: string): JsonObject => ({
    required: true,
    content: { 'application/json': { schema: ref('schemas', `${schema}${suffix}`) } },
  });
  const idParameter = [ref('parameters', 'RecordId')];
  const paths: Record<string, JsonObject> = {};
  const at = (path: string, withId: boolean): JsonObject => {
    paths[path] ??= withId ? { parameters: idParameter } : {};
    return paths[path];
  };

  if (operations.has('list')) {
    at(base, false).get = {
      operationId: `list${pascal(resource)}`,
      tags,
      summary: `List ${many}`,
      description: needs('list', 'view'),
      security: reading,
      parameters: [
        ...['Page', 'PerPage', 'OrderBy', 'WithTrashed', 'OnlyTrashed', 'Search'].map((name) =>
          ref('parameters', name),
        ),
        ...(declaration['list-filters'] ?? []).flatMap(filterParameters),
      ],
      responses: {
        '200': {
          description: `A page of ${many}.`,
          content: {
            'application/json': { schema: ref('schemas', `${schema}Page`) },
            'text/csv': { schema: ref('schemas', 'CsvExport') },
          },
        },
        ...pick('401', '403', '422'),
      },
    };
  }
  if (operations.has('create')) {
    at(base, false).post = {
      operationId: `create${schema}`,
      tags,
      summary: `Create a ${one}`,
      description: needs(
        'create',
        'create',
        declaration.posting ? 'The server assigns the number and posts the document in one transaction.' : undefined,
      ),
      security: writing,
      ...(declaration.posting || declaration.idempotent ? { parameters: [ref('parameters', 'IdempotencyKey')] } : {}),
      requestBody: body('Create'),
      responses: { ...record(`The ${one} created.`, '201'), ...pick('401', '403', '409', '422') },
    };
  }
  if (operations.has('search')) {
    at(`${base}/search`, false).get = {
      operationId: `search${pascal(resource)}`,
      tags,
      summary: `Search ${many} for a type-ahead`,
      description: needs('search', 'view', 'Answers a bare array, newest first.'),
      security: reading,
      parameters: [
        ref('parameters', 'SearchQ'),
        ref('parameters', 'SearchLimit'),
        ...(declaration['search-filters'] ?? []).flatMap(filterParameters),
      ],
      responses: {
        '200': {
          description: `Matching ${many}.`,
          content: { 'application/json': { schema: { type: 'array', items: ref('schemas', schema) } } },
        },
        ...pick('401', '403', '422'),
      },
    };
  }
  if (operations.has('read')) {
    at(`${base}/{id}`, true).get = {
      operationId: `get${schema}`,
      tags,
      summary: `Read a ${one}`,
      description: needs('read', 'view'),
      security: reading,
      responses: { ...record(`The ${one}.`), ...pick('401', '403', '404') },
    };
  }
  if (operations.has('update')) {
    at(`${base}/{id}`, true).patch = {
      operationId: `update${schema}`,
      tags,
      summary: `Update a ${one}`,
      description: needs('update', 'update'),
      security: writing,
      requestBody: body('Update'),
      responses: { ...record(`The ${one} updated.`), ...pick('401', '403', '404', '409', '422') },
    };
  }
  if (operations.has('delete')) {
    at(`${base}/{id}`, true).delete = {
      operationId: `delete${schema}`,
      tags,
      summary: `Soft-delete a ${one}`,
      description: needs(
        'delete',
        'delete',
        declaration.posting ? 'Voids a posted document: its postings are reversed in the same transaction.' : undefined,
      ),
      security: writing,
      responses: { ...record(`The ${one}, now soft-deleted.`), ...pick('401', '403', '404', '409', '422') },
    };
  }
  if (operations.has('restore')) {
    at(`${base}/{id}/restore`, true).patch = {
      operationId: `restore${schema}`,
      tags,
      summary: `Restore a soft-deleted ${one}`,
      description: needs(
        'restore',
        'restore',
        declaration.posting ? 'Re-posts the document under the same rules.' : undefined,
      ),
      security: writing,
      responses: { ...record(`The ${one}, active again.`), ...pick('401', '403', '404', '409', '422') },
    };
  }
  if (operations.has('force-delete')) {
    at(`${base}/{id}/force-delete`, true).delete = {
      operationId: `forceDelete${schema}`,
      tags,
      summary: `Delete a ${one} permanently`,
      description: needs(
        'force-delete',
        'force-delete',
        'Refused (409) while the record is active or other records refer to it.',
      ),
      security: writing,
      responses: { '204': response('NoContent'), ...pick('401', '403', '404', '409') },
    };
  }
  if (operations.has('history')) {
    at(`${base}/{id}/history`, true).get = {
      operationId: `get${schema}History`,
      tags,
      summary: `Read the history of a ${one}`,
      description: needs('history', 'view', `Who did what and when to the ${one}, newest first.`),
      security: reading,
      responses: { '200': response('RecordHistory'), ...pick('401', '403', '404') },
    };
  }
  if (declaration['csv-import']) {
    at(`${base}/import`, false).post = {
      operationId: `import${pascal(resource)}`,
      tags,
      summary: `Import ${many} from CSV`,
      description: [
        `Needs create-${declaration.permission ?? resource}. The body is a CSV file whose header names the fields`,
        '(a related record by its name or code, in a column named after it without `_id`); see the template. Every',
        'row is checked first: any error answers 422 naming the row (the header is row 1) and the column, as',
        '`rows.{row}.{column}`, and nothing is written. Otherwise all rows are written in one transaction. With',
        '`dry_run=1` nothing is written either way.',
      ].join(' '),
      security: writing,
      parameters: [ref('parameters', 'DryRun')],
      requestBody: { required: true, content: { 'text/csv': { schema: ref('schemas', 'CsvImport') } } },
      responses: {
        '200': importResult('A dry run found every row good; nothing was written.'),
        '201': importResult('Every row was written.'),
        ...pick('401', '403', '422'),
      },
    };
    at(`${base}/import/template`, false).get = {
      operationId: `get${pascal(resource)}ImportTemplate`,
      tags,
      summary: `The CSV template of the ${many} import`,
      description: 'The header row the import reads, and one example row. Needs only a signed-in user.',
      security: [{ session: [], xhr: [] }],
      responses: {
        '200': { description: 'A CSV file.', content: { 'text/csv': { schema: ref('schemas', 'CsvExport') } } },
        ...pick('401'),
      },
    };
  }
  return paths;
}

const importResult = (description: string): JsonObject => ({
  description,
  content: { 'application/json': { schema: ref('schemas', 'ImportResult') } },
});

// The list envelope of a resource: one page of records with the page's place among all of them.
export function pageSchema(schema: string): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'meta', 'links'],
    properties: {
      data: { type: 'array', items: ref('schemas', schema) },
      meta: ref('schemas', 'PageMeta'),
      links: ref('schemas', 'PageLinks'),
    },
  };
}
