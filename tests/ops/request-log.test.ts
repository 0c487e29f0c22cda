import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogFormat } from '../../server/http/request-log.ts';
import { createTestApi, type TestApi } from '../support/test-api.ts';

const written: Record<LogFormat, string[]> = { lines: [], json: [] };
const apis: TestApi[] = [];

beforeAll(async () => {
  for (const format of ['lines', 'json'] as const) {
    apis.push(await createTestApi({ log: { format, sink: { write: (text) => written[format].push(text) } } }));
  }
});

afterAll(() => Promise.all(apis.map((api) => api.close())));

describe('request logs', () => {
  it('write one readable line per request for a terminal', async () => {
    const [api] = apis;
    written.lines.length = 0;
    await api?.app.inject({ method: 'GET', url: '/api/brands?page=2' });
    expect(written.lines).toHaveLength(1);
    expect(written.lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/brands\?page=2 401 \d+ ms\n$/);
  });

  it('write one JSON object per request otherwise', async () => {
    const api = apis[1];
    written.json.length = 0;
    await api?.app.inject({ method: 'GET', url: '/api/brands' });
    expect(written.json).toHaveLength(1);
    expect(JSON.parse(written.json[0] ?? '')).toMatchObject({ method: 'GET', url: '/api/brands', statusCode: 401 });
  });
});
