import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionRefusal } from '../../../server/http/permission-refusal.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

const MessageOnly = z.strictObject({ message: z.string() });

let api: TestApi;
let cashier: TestClient;

beforeAll(async () => {
  api = await createTestApi();
  const business = await api.createBusiness('Clear Sight Optical');
  await api.createUser({ email: 'cashier@example.test', permissions: ['view-invoices'], businessIds: [business] });
  cashier = await api.signIn('cashier@example.test');
  cashier.businessId = business;
});

afterAll(() => api.close());

describe('a missing permission', () => {
  it('is refused in the words the screens use, naming the action and the resource', async () => {
    expect(expectContract(await cashier.get('/api/purchase-orders'), 403, MessageOnly)).toEqual({
      message: 'You do not have permission to view Purchase Orders.',
    });
    expect(expectContract(await cashier.post('/api/brands', { name: 'Zeiss' }), 403, MessageOnly)).toEqual({
      message: 'You do not have permission to create Brands.',
    });
    const counted = await cashier.post('/api/documents/get-number-total-count', {
      document_name: 'purchase-order',
      branch_id: 1,
      warehouse_id: null,
    });
    expect(expectContract(counted, 403, MessageOnly).message).toBe(
      'You do not have permission to view Purchase Orders.',
    );
  });

  it('names multi-word resources and permanent deletes as the sidebar does', () => {
    expect(permissionRefusal(['view-unit-of-measurements'])).toBe(
      'You do not have permission to view Unit of Measurements.',
    );
    expect(permissionRefusal(['force-delete-stock-transfers'])).toBe(
      'You do not have permission to permanently delete Stock Transfers.',
    );
  });
});
