import { describe, expect, it } from 'vitest';
import { contractViolation as verdict } from '../support/contract-validator.ts';

const contractViolation = (method: string, url: string, status: number, body: unknown) =>
  verdict(method, url, status, 'application/json; charset=utf-8', JSON.stringify(body));

const user = {
  id: 3,
  created_at: '2025-01-02T03:04:05.000Z',
  updated_at: '2025-01-02T03:04:05.000Z',
  deleted_at: null,
  created_by: null,
  updated_by: null,
  name: 'Ana',
  email: 'ana@example.test',
  userable_type: null,
  userable_id: null,
  business_ids: [1],
  role_ids: [],
  userable_from: null,
  role_names: [],
  must_change_password: false,
};

// The validator every API test answer passes through (tests/support/test-api.ts) judges by openapi.yaml itself.
describe('strict validation of answers against openapi.yaml', () => {
  it('accepts a user without a home location', () => {
    expect(contractViolation('GET', '/api/users/3', 200, user)).toBeNull();
  });

  it('refuses a value outside an enum, an unknown field and a missing one, naming each', () => {
    const violation = contractViolation('GET', '/api/users/3?x=1', 200, {
      ...user,
      userable_type: 'shop',
      nickname: 'A',
      email: undefined,
    });
    expect(violation).toContain('/userable_type must be equal to one of the allowed values');
    expect(violation).toContain('must NOT have additional properties');
    expect(violation).toContain("must have required property 'email'");
  });

  it('refuses a status the operation does not declare, and a body where none is declared', () => {
    expect(contractViolation('GET', '/api/users/search', 409, { message: 'No.' })).toContain('does not declare');
    expect(contractViolation('DELETE', '/api/users/3/force-delete', 204, { message: 'Gone.' })).toContain(
      'with a body of application/json, which it does not declare',
    );
  });

  it('accepts a CSV export where the list declares one, and no other media type', () => {
    expect(verdict('GET', '/api/brands', 200, 'text/csv; charset=utf-8', 'id,name\n1,Ray-Ban\n')).toBeNull();
    expect(verdict('GET', '/api/brands', 200, 'text/html', '<p>Brands</p>')).toContain('text/html');
  });

  it('reads the trailing-slash counter calls of docs/domain/README.md, Numbering, as declared paths', () => {
    expect(contractViolation('POST', '/api/documents/get-number-total-count/', 200, { total: 2 })).toBeNull();
    expect(contractViolation('POST', '/api/documents/get-number-total-count/', 200, { total: -1 })).toContain(
      '/total must be >= 0',
    );
  });
});
