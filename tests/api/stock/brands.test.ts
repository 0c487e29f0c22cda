import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBrandResponse,
  GetBrandResponse,
  ListBrandsResponse,
  SearchBrandsResponse,
} from '../../../generated/zod/brands/brands.zod.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await createTestApi();
  const business = await api.createBusiness('Clear Sight Optical');
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [business],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = business;
});

afterAll(() => api.close());

describe('brands', () => {
  it('creates, reads, lists and searches a brand', async () => {
    const created = expectContract(
      await admin.post('/api/brands', { name: 'Ray-Ban', description: 'Frames' }),
      201,
      CreateBrandResponse,
    );
    expect(created.name).toBe('Ray-Ban');
    const read = expectContract(await admin.get(`/api/brands/${created.id}`), 200, GetBrandResponse);
    expect(read).toEqual(created);
    const page = expectContract(await admin.get('/api/brands?search=ray'), 200, ListBrandsResponse);
    expect(page.data.map((brand) => brand.id)).toContain(created.id);
    const found = expectContract(await admin.get('/api/brands/search?q=RAY'), 200, SearchBrandsResponse);
    expect(found.map((brand) => brand.name)).toEqual(['Ray-Ban']);
  });
});
