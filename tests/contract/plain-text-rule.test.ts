import { describe, expect, it } from 'vitest';
import { plainTextPattern } from '../../server/domain/plain-text.ts';
import { loadContractDocument } from '../../server/http/contract-document.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { $ref?: string; name: string; in: string; schema?: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Contract = {
  paths: Record<string, Record<string, Operation> & { parameters?: Parameter[] }>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
};

const contract = loadContractDocument(new URL('../../openapi.yaml', import.meta.url).pathname) as Contract;
const lastSegment = (ref: string) => ref.split('/').pop() ?? '';
const schemaOf = (schema: Schema): Schema =>
  schema.$ref ? schemaOf(contract.components.schemas[lastSegment(schema.$ref)] ?? {}) : schema;

// Every string a user types: not an enum, not a date or an email (their own formats refuse control characters).
function isFreeText(schema: Schema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') && !schema.enum && !schema.format;
}

function textFields(schema: Schema, path: string, found: Map<string, Schema>, seen = new Set<Schema>()): void {
  const resolved = schemaOf(schema);
  if (seen.has(resolved)) return;
  seen.add(resolved);
  if (isFreeText(resolved)) found.set(path, resolved);
  for (const [name, property] of Object.entries(resolved.properties ?? {}))
    textFields(property, `${path}.${name}`, found, seen);
  if (resolved.items) textFields(resolved.items, `${path}.N`, found, seen);
  for (const part of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.allOf ?? [])]) {
    textFields(part, path, found, seen);
  }
}

const bodyTextFields = new Map<string, Schema>();
const queryTextFields = new Map<string, Schema>();
for (const [path, item] of Object.entries(contract.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (method === 'parameters' || !operation || typeof operation !== 'object' || !('operationId' in operation))
      continue;
    const body = operation.requestBody?.content['application/json']?.schema;
    if (body) textFields(body, operation.operationId, bodyTextFields);
    for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
      const parameter = raw.$ref ? (contract.components.parameters[lastSegment(raw.$ref)] as Parameter) : raw;
      const schema = parameter.schema ? schemaOf(parameter.schema) : undefined;
      if (parameter.in === 'query' && schema && isFreeText(schema))
        queryTextFields.set(`${path} ${parameter.name}`, schema);
    }
  }
}

describe('the contract text rule', () => {
  it('declares the control-character pattern on every free-text field of every request body', () => {
    expect(bodyTextFields.size).toBeGreaterThan(50);
    const missing = [...bodyTextFields].filter(([, schema]) => schema.pattern === undefined).map(([field]) => field);
    expect(missing).toEqual([]);
  });

  it('uses the one shared pattern, the one the server recognises to name the field', () => {
    const patterns = new Set([...bodyTextFields.values()].map((schema) => schema.pattern));
    patterns.delete('^[0-9]{6}$');
    expect([...patterns]).toEqual([plainTextPattern.source]);
  });

  // A filter whose own pattern spells out every character it takes (a month 2026-11, a quarter 2026-Q4) holds no
  // free text.
  const spelledOut = (pattern: string | undefined) => pattern !== undefined && /^\^\[0-9\]\{4\}-/.test(pattern);

  it('declares it on free-text query filters too, except search text, which matches nothing instead', () => {
    const missing = [...queryTextFields]
      .filter(
        ([key, schema]) =>
          !/ (search|q)$/.test(key) && schema.pattern !== plainTextPattern.source && !spelledOut(schema.pattern),
      )
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});
