import { describe, expect, it } from 'vitest';
import { loadContractDocument } from '../../server/http/contract-document.ts';
import { registry } from '../../server/registry/resources.ts';

type Operation = { operationId: string; tags: string[] };
type PathItem = Partial<Record<'get' | 'post' | 'patch' | 'put' | 'delete', Operation>>;
type Contract = { paths: Record<string, PathItem>; tags: { name: string }[] };

const contract = loadContractDocument(new URL('../../openapi.yaml', import.meta.url).pathname) as Contract;

// docs/domain/screens.md, Routes, the route table: which screens each resource has, from the actions the registry
// gives it.
const keysWhere = (test: (actions: readonly string[]) => boolean) =>
  registry.filter((entry) => test(entry.actions)).map((entry) => entry.key);
const withEdit = keysWhere((actions) => actions.includes('update'));
const withoutEdit = keysWhere(
  (actions) => actions.includes('create') && !actions.includes('update') && actions.includes('delete'),
);
// docs/domain/cash.md: a shift happened and a day was closed; neither is edited nor voided.
const neverVoided = keysWhere((actions) => actions.includes('create') && !actions.includes('delete'));
const readOnly = keysWhere((actions) => !actions.includes('create'));

function methods(path: string): string[] {
  return Object.keys(contract.paths[path] ?? {})
    .filter((key) => key !== 'parameters')
    .sort();
}

describe('the contract covers the route table of docs/domain/screens.md', () => {
  it('has every resource of the registry', () => {
    expect(new Set([...withEdit, ...withoutEdit, ...neverVoided, ...readOnly]).size).toBe(registry.length);
  });

  it.each(withEdit)('%s: list, create, search, read, update, delete, restore, force-delete', (prefix) => {
    expect(methods(`/api/${prefix}`)).toEqual(['get', 'post']);
    expect(methods(`/api/${prefix}/search`)).toEqual(['get']);
    expect(methods(`/api/${prefix}/{id}`)).toEqual(['delete', 'get', 'patch']);
    expect(methods(`/api/${prefix}/{id}/restore`)).toEqual(['patch']);
    expect(methods(`/api/${prefix}/{id}/force-delete`)).toEqual(['delete']);
  });

  it.each(withoutEdit)('%s: everything but update', (prefix) => {
    expect(methods(`/api/${prefix}`)).toEqual(['get', 'post']);
    expect(methods(`/api/${prefix}/{id}`)).toEqual(['delete', 'get']);
    expect(methods(`/api/${prefix}/{id}/restore`)).toEqual(['patch']);
    expect(methods(`/api/${prefix}/{id}/force-delete`)).toEqual(['delete']);
  });

  it.each(readOnly)('%s: list, search and read only', (prefix) => {
    expect(methods(`/api/${prefix}`)).toEqual(['get']);
    expect(methods(`/api/${prefix}/search`)).toEqual(['get']);
    expect(methods(`/api/${prefix}/{id}`)).toEqual(['get']);
    expect(contract.paths[`/api/${prefix}/{id}/restore`]).toBeUndefined();
  });

  it.each(neverVoided)('%s: list, create, search, read and history only', (prefix) => {
    expect(methods(`/api/${prefix}`)).toEqual(['get', 'post']);
    expect(methods(`/api/${prefix}/search`)).toEqual(['get']);
    expect(methods(`/api/${prefix}/{id}`)).toEqual(['get']);
    expect(methods(`/api/${prefix}/{id}/history`)).toEqual(['get']);
    expect(contract.paths[`/api/${prefix}/{id}/restore`]).toBeUndefined();
  });

  it('has the calls of docs/domain/README.md, The API', () => {
    const expected: [string, string][] = [
      ['/api/csrf-cookie', 'get'],
      ['/login', 'post'],
      ['/logout', 'post'],
      ['/api/auth/user', 'get'],
      ['/api/businesses/get-all-businesses', 'get'],
      ['/api/businesses/retrieve-all-businesses', 'get'],
      ['/api/documents/get-number-total-count', 'post'],
      ['/api/documents/get-reference-number-total-count', 'post'],
      ['/api/documents/get-number-total-count/', 'post'],
      ['/api/documents/get-reference-number-total-count/', 'post'],
      ['/api/users/reset-password', 'post'],
      ['/api/users/reset-security-pin', 'post'],
      ['/api/users/{id}/roles', 'put'],
      ['/api/roles/{id}/permissions', 'put'],
      ['/api/stocks/{id}/movements', 'get'],
      ['/api/stocks/balance-at', 'get'],
      ['/api/stock-counts/{id}/lines', 'post'],
      ['/api/stock-counts/{id}/variance', 'get'],
      ['/api/stock-counts/{id}/post', 'post'],
      ['/api/cash-sessions/{id}/movements', 'post'],
      ['/api/cash-sessions/{id}/close', 'post'],
      ['/api/cash-sessions/{id}/x-reading', 'get'],
      ['/api/cash-sessions/mine', 'get'],
      ['/api/z-readings/x-reading', 'get'],
      ['/api/dashboard/overview', 'get'],
    ];
    for (const [path, method] of expected) expect(methods(path), path).toContain(method);
  });

  it('gives every operation exactly one declared tag and a unique id', () => {
    const declared = new Set(contract.tags.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const item of Object.values(contract.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const op = operation as Operation;
        expect(op.tags, op.operationId).toHaveLength(1);
        expect(declared.has(op.tags[0] ?? '')).toBe(true);
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
      }
    }
  });
});
