import { resolve } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadContractDocument } from '../../server/http/contract-document.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const contractId = 'https://spectacle.test/openapi.json';
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

// The bundled contract (every ref local), as the validator and the contract tests read it.
export const contractDocument = loadContractDocument(resolve(import.meta.dirname, '../../openapi.yaml')) as JsonObject;

// A standard JSON Schema 2020-12 validator over openapi.yaml itself, independent of orval's zod: strict (unknown
// keywords, ambiguous types and impossible `required`s are errors) and reporting every error, not the first.
// Union types (`type: [string, 'null']`) are how OpenAPI 3.1 writes nullable, so they are allowed.
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
addFormats(ajv);
// OpenAPI's own annotations on schemas; they do not validate.
ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
const components = (contractDocument.components ?? {}) as JsonObject;
ajv.addSchema({ $id: contractId, $defs: relocate(components.schemas ?? {}) as JsonObject });

// `#/components/schemas/X` in the contract becomes `#/$defs/X` of the schema registered above.
function relocate(node: Json): Json {
  if (Array.isArray(node)) return node.map(relocate);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) =>
      key === '$ref' && typeof child === 'string'
        ? [key, child.replace(/^#\/components\/schemas\//, `${contractId}#/$defs/`)]
        : [key, relocate(child)],
    ),
  );
}

type Operation = { template: string; pattern: RegExp; responses: JsonObject };
const operations = new Map<string, Operation[]>();
for (const [template, item] of Object.entries((contractDocument.paths ?? {}) as JsonObject)) {
  const pathItem = item as JsonObject;
  // Templates without parameters first, so `/api/users/search` wins over `/api/users/{id}`.
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
  for (const method of methods) {
    const operation = pathItem[method] as JsonObject | undefined;
    if (!operation) continue;
    const list = operations.get(method.toUpperCase()) ?? [];
    list.push({ template, pattern, responses: (operation.responses ?? {}) as JsonObject });
    operations.set(method.toUpperCase(), list);
  }
}
for (const list of operations.values())
  list.sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')));

const validators = new Map<string, ValidateFunction>();

function resolveResponse(response: JsonObject): JsonObject {
  const ref = response.$ref;
  if (typeof ref !== 'string') return response;
  const name = ref.replace(/^#\/components\/responses\//, '');
  return ((components.responses as JsonObject | undefined)?.[name] ?? {}) as JsonObject;
}

function declaredContent(operation: Operation, status: number): JsonObject | 'undeclared' {
  const declared =
    operation.responses[String(status)] ??
    operation.responses[`${String(status).charAt(0)}XX`] ??
    operation.responses.default;
  if (declared === undefined) return 'undeclared';
  return (resolveResponse(declared as JsonObject).content ?? {}) as JsonObject;
}

function jsonValidator(operation: Operation, status: number, schema: JsonObject): ValidateFunction {
  const key = `${operation.template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(relocate(schema) as JsonObject);
    validators.set(key, validate);
  }
  return validate;
}

// The contract's verdict on one answer: null when it holds, otherwise what breaks it. Paths the contract does
// not describe (the app's own files, test-only routes) are not its business. A JSON body is validated against
// its schema; another media type (a CSV export) must be one the response declares.
export function contractViolation(
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: string,
): string | null {
  const path = url.split('?')[0] ?? url;
  const operation = operations.get(method)?.find((candidate) => candidate.pattern.test(path));
  if (!operation) return null;
  const answered = `${method} ${operation.template} answered ${status}`;
  if (status === 503) return databaseAwayViolation(answered, contentType, body);
  const content = declaredContent(operation, status);
  if (content === 'undeclared') return `${answered}, which it does not declare`;
  if (body.length === 0) return null;
  const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
  const declared = content[mediaType] as JsonObject | undefined;
  if (!declared) return `${answered} with a body of ${mediaType || 'no type'}, which it does not declare`;
  if (mediaType !== 'application/json' || declared.schema === undefined) return null;
  const validate = jsonValidator(operation, status, declared.schema as JsonObject);
  if (validate(JSON.parse(body))) return null;
  const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  return `${method} ${operation.template} ${status} breaks openapi.yaml:\n  ${errors.join('\n  ')}`;
}

// Any call may answer 503 with Retry-After while the database is away (docs/DECISIONS.md, Operations); the body is
// the plain `{message}` of any other refusal.
function databaseAwayViolation(answered: string, contentType: string | undefined, body: string): string | null {
  if (!(contentType ?? '').startsWith('application/json')) return `${answered} without a JSON body`;
  const parsed = JSON.parse(body) as unknown;
  const plain =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.keys(parsed).join() === 'message' &&
    typeof (parsed as { message: unknown }).message === 'string';
  return plain ? null : `${answered} with a body other than {message}`;
}
