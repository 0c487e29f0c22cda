import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../../server/http/compression.ts';
import { createTestApi, type TestApi, type TestClient } from '../../support/test-api.ts';

let api: TestApi;
let admin: TestClient;
let brandId = 0;

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
  for (let index = 0; index < 30; index += 1) {
    const created = await admin.post('/api/brands', { name: `Brand ${index}`, description: 'Frames and sunglasses' });
    brandId = (created.json as { id: number }).id;
  }
});

afterAll(() => api.close());

// Straight through the app: the test client reads every body as JSON, which a compressed one is not.
const fetchEncoded = (url: string, acceptEncoding: string) =>
  api.app.inject({
    method: 'GET',
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'business-id': String(admin.businessId),
      'accept-encoding': acceptEncoding,
      cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
  });

// A phone on a slow line fetches a page of records in a fraction of the bytes; a small answer goes as it is.
describe('compressed answers', () => {
  it('sends a large list gzip-compressed when the client asks for gzip, the same JSON once unpacked', async () => {
    const plain = await admin.get('/api/brands?per_page=100');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.rawPayload.length).toBeGreaterThan(1024);

    const gzipped = await fetchEncoded('/api/brands?per_page=100', 'gzip');
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.raw.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json);

    const brotli = await fetchEncoded('/api/brands?per_page=100', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json);
  });

  it('sends a small answer as it is', async () => {
    const one = await fetchEncoded(`/api/brands/${brandId}`, 'gzip, br');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.json()).toMatchObject({ id: brandId, name: 'Brand 29' });
  });

  it('reads what the client accepts, honouring refusals', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
