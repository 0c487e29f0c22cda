import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../support/test-api.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'spectacle-client-'));
const contractPath = new URL('../../../openapi.yaml', import.meta.url).pathname;
let direct: TestApi;
let proxied: TestApi;

beforeAll(async () => {
  // What `vite build` writes: the page loads its module script and stylesheet from files, nothing inline.
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  direct = await createTestApi({ clientDir, contractPath });
  proxied = await createTestApi({ clientDir, trustProxy: 1 });
});

afterAll(async () => {
  await direct.close();
  await proxied.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it('give the page a policy allowing only its own scripts, no inline script, and no framing', async () => {
    const page = await direct.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('come with API answers and errors too', async () => {
    for (const url of ['/api/brands', '/api/no-such-thing']) {
      const answer = await direct.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(directives(answer.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keep API answers out of every cache and inert when opened as a page', async () => {
    const answer = await direct.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(directives(answer.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The page's own isolation headers stay on the page.
    expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
    const page = await direct.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('leave the app page itself without an inline script for the policy to block', () => {
    const source = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
  });

  it('keep /api/docs working: its page loads only script files, which the policy allows', async () => {
    const docs = await direct.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(directives(docs.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    const scripts = [...docs.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc="\.\/static\//);
      expect(body.trim()).toBe('');
    }
    const initializer = await direct.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    const contract = await direct.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(contract.statusCode).toBe(200);
  });

  it('send HSTS and Secure cookies only over TLS, as the trusted proxy reports it', async () => {
    const plain = await direct.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);

    const spoofed = await direct.app.inject({
      method: 'GET',
      url: '/api/csrf-cookie',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    expect(String(spoofed.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);

    const tls = await proxied.app.inject({
      method: 'GET',
      url: '/api/csrf-cookie',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(tls.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/i);
  });
});
