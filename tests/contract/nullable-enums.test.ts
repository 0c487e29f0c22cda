import { describe, expect, it } from 'vitest';
import { contractDocument } from '../support/contract-validator.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// In OpenAPI 3.1 (JSON Schema 2020-12) `enum` is checked on its own: a schema that allows null by its `type`
// (or by 3.0's `nullable: true`) but lists an enum without null refuses null after all. Every such schema,
// wherever it sits in the contract, must list null among its values.
function nullableEnumsWithoutNull(node: Json, at: string, found: string[]): string[] {
  if (Array.isArray(node)) {
    node.forEach((child, index) => {
      nullableEnumsWithoutNull(child, `${at}/${index}`, found);
    });
    return found;
  }
  if (node === null || typeof node !== 'object') return found;
  const allowsNull = (Array.isArray(node.type) && node.type.includes('null')) || node.nullable === true;
  if (allowsNull && Array.isArray(node.enum) && !node.enum.includes(null)) found.push(at);
  for (const [key, child] of Object.entries(node)) nullableEnumsWithoutNull(child, `${at}/${key}`, found);
  return found;
}

describe('the contract', () => {
  it('lists null among the values of every nullable enum', () => {
    expect(nullableEnumsWithoutNull(contractDocument as Json, '#', [])).toEqual([]);
  });

  it('finds the pattern it guards against', () => {
    const broken: Json = { properties: { kind: { type: ['string', 'null'], enum: ['branch', 'warehouse'] } } };
    const legacy: Json = { items: { nullable: true, enum: ['a'] } };
    const fine: Json = { type: ['string', 'null'], enum: ['branch', 'warehouse', null] };
    expect(nullableEnumsWithoutNull(broken, '#', [])).toEqual(['#/properties/kind']);
    expect(nullableEnumsWithoutNull(legacy, '#', [])).toEqual(['#/items']);
    expect(nullableEnumsWithoutNull(fine, '#', [])).toEqual([]);
  });
});
