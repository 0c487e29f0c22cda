import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/precompress.ts';
import { createTestApi, type TestApi } from '../../support/test-api.ts';

// A script and a page large enough for the build to compress (precompress.ts leaves files of 1 KiB or less alone).
const mainScript = Array.from({ length: 200 }, (_, line) => `export const line${line} = "counter ${line}";`).join('\n');
const bigPage = `<!doctype html><title>Spectacle</title><div id="root"></div>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`;

// A signed-out visitor must be able to load the page and its files to reach the sign-in screen.
describe('the built client', () => {
  let api: TestApi;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'spectacle-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Spectacle</title><div id="root"></div>');
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log("spectacle");');
    writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(clientDir, 'assets', 'main-def456.js'), mainScript);
    writeFileSync(join(clientDir, 'big.html'), bigPage);
    precompressDirectory(clientDir);
    writeFileSync(join(clientDir, 'index.html'), bigPage);
    writeFileSync(join(clientDir, 'index.html.br'), readFileSync(join(clientDir, 'big.html.br')));
    writeFileSync(join(clientDir, 'index.html.gz'), readFileSync(join(clientDir, 'big.html.gz')));
    api = await createTestApi({ clientDir });
  });

  afterAll(async () => {
    await api.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves the page with its XSRF-TOKEN cookie without a session', async () => {
    const page = await api.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(String(page.headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });

  it('serves the built files without a session', async () => {
    const script = await api.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("spectacle");');
  });

  it('lets the browser keep the hashed files for good, but asks it to check the page and unhashed files', async () => {
    const script = await api.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await api.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);
    const page = await api.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends a hashed script brotli-compressed, or gzip when only gzip is accepted, the same bytes once unpacked', async () => {
    const brotli = await api.app.inject({
      method: 'GET',
      url: '/assets/main-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(mainScript.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(mainScript);

    const gzip = await api.app.inject({
      method: 'GET',
      url: '/assets/main-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(mainScript);

    const plain = await api.app.inject({ method: 'GET', url: '/assets/main-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(mainScript);
  });

  it('sends the page compressed too, still asking the browser to check it each time', async () => {
    for (const url of ['/', '/invoices/create']) {
      const brotli = await api.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotli.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bigPage);
      const gzip = await api.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigPage);
    }
    const plain = await api.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigPage);
  });

  it('answers a client-side route with the page, so a reload keeps the screen', async () => {
    const route = await api.app.inject({ method: 'GET', url: '/purchase-orders/12/edit' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<div id="root"></div>');
  });

  it('still guards the API', async () => {
    const items = await api.app.inject({ method: 'GET', url: '/api/items' });
    expect(items.statusCode).toBe(401);
    expect(items.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

// The counter's form on a phone: its page names the form's files, which then come beside the app's entry instead of
// after it has run; every other address gets the page as built.
describe('the page of an address whose screen the build names', () => {
  let api: TestApi;
  let clientDir: string;
  const page = `<!doctype html><html><head><title>Spectacle</title>${'<link rel="modulepreload" href="/assets/entry.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
  const formFiles = ['/assets/form-screen-abc.js', '/assets/invoices-def.js'];

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'spectacle-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), page);
    writeFileSync(join(clientDir, 'route-preloads.json'), JSON.stringify({ '/invoices/create': formFiles }));
    precompressDirectory(clientDir);
    api = await createTestApi({ clientDir });
  });

  afterAll(async () => {
    await api.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const preloaded = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it('preloads the invoice form’s files on its page, compressed as any page, and nowhere else', async () => {
    const brotli = await api.app.inject({
      method: 'GET',
      url: '/invoices/create?contact_id=4',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(String(brotli.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    const html = brotliDecompressSync(brotli.rawPayload).toString();
    expect(preloaded(html)).toEqual(formFiles);
    expect(html.indexOf('form-screen-abc.js')).toBeLessThan(html.indexOf('</head>'));

    const gzip = await api.app.inject({
      method: 'GET',
      url: '/invoices/create/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(preloaded(gunzipSync(gzip.rawPayload).toString())).toEqual(formFiles);
    const plain = await api.app.inject({ method: 'GET', url: '/invoices/create' });
    expect(preloaded(plain.body)).toEqual(formFiles);

    for (const url of ['/', '/invoices', '/invoices/7']) {
      const other = await api.app.inject({ method: 'GET', url });
      expect(other.body).toBe(page);
    }
  });
});
