import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/test-api.ts';

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
