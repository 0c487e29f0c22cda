import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBrandResponse,
  ListBrandsResponse,
  SearchBrandsResponse,
} from '../../../generated/zod/brands/brands.zod.ts';
import { ListStocksResponse } from '../../../generated/zod/stocks/stocks.zod.ts';
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

const brandCount = async () =>
  Number(
    (
      await api.db
        .selectFrom('brands')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('text with control characters', () => {
  it('refuses a NUL in a created record with a 422 naming the field, and writes nothing', async () => {
    const answer = await admin.post('/api/brands', { name: 'Ray\u0000Ban' });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      message: 'The name may not contain control characters.',
      errors: { name: ['The name may not contain control characters.'] },
    });
    expect(await brandCount()).toBe(0);
  });

  it('refuses other control characters in an update, and keeps tab and newline', async () => {
    const brand = expectContract(
      await admin.post('/api/brands', { name: 'Oakley', description: 'Sport\tframes\nand lenses' }),
      201,
      CreateBrandResponse,
    );
    expect(brand.description).toBe('Sport\tframes\nand lenses');
    for (const character of ['\u0007', '\u001b', '\r', '\u007f']) {
      const answer = await admin.patch(`/api/brands/${brand.id}`, { description: `Sport${character}frames` });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({
        errors: { description: ['The description may not contain control characters.'] },
      });
    }
    const contact = await admin.post('/api/contacts', { name: 'Ana', notes: 'call \u0000 later' });
    expect(contact.json).toMatchObject({ errors: { notes: ['The notes may not contain control characters.'] } });
  });

  it('matches nothing when the search text holds one', async () => {
    expectContract(await admin.post('/api/brands', { name: 'Vogue' }), 201, CreateBrandResponse);
    const page = expectContract(await admin.get('/api/brands?search=%00'), 200, ListBrandsResponse);
    expect(page.data).toEqual([]);
    expect(page.meta.total).toBe(0);
    const found = expectContract(await admin.get('/api/brands/search?q=Vo%00gue'), 200, SearchBrandsResponse);
    expect(found).toEqual([]);
    const stocks = expectContract(await admin.get('/api/stocks?search=%07'), 200, ListStocksResponse);
    expect(stocks.data).toEqual([]);
    const plain = expectContract(await admin.get('/api/brands/search?q=vog'), 200, SearchBrandsResponse);
    expect(plain.map((brand) => brand.name)).toEqual(['Vogue']);
  });
});
