import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
const webDist = join(tmpdir(), `hmi-web-dist-${process.pid}`);

beforeAll(async () => {
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  await writeFile(join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  server = await startTestServer({
    WEB_DIST: webDist,
    CORS_ORIGINS: 'https://cn.console.example, https://in.console.example',
    BODY_LIMIT: '2048',
  });
});
afterAll(() => server.close());

describe('core', () => {
  it('GET /v1/health', async () => {
    const res = await server.call('GET', '/health');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { code: 0, data: { status: 'ok', db: 'ok' }, msg: 'success' },
    });
  });

  it.each([
    ['GET', '/nope'],
    ['POST', '/global/nope'],
    ['DELETE', '/global/login'],
  ])('unknown route %s %s -> 404 envelope', async (method, path) => {
    const res = await server.call(method, path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 1003, data: null, msg: `Route ${method} /v1${path} not found` });
  });

  it('malformed JSON, wrong content type and oversized bodies -> 1006 without a stack', async () => {
    const post = (body: string, contentType: string) =>
      fetch(`${server.url}/v1/global/login?type=1`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
    const bad = await post('{"user":', 'application/json');
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { code: number; msg: string };
    expect(badBody.code).toBe(1006);
    expect(JSON.stringify(badBody)).not.toMatch(/at .*\.js|node_modules/);

    const text = await post('<user/>', 'application/xml');
    expect({ status: text.status, code: ((await text.json()) as { code: number }).code }).toEqual({
      status: 415,
      code: 1006,
    });

    const big = await post(JSON.stringify({ user: 'x'.repeat(4000), passwd: 'y' }), 'application/json');
    expect({ status: big.status, code: ((await big.json()) as { code: number }).code }).toEqual({
      status: 413,
      code: 1006,
    });
  });

  it('schema failures name the field', async () => {
    const res = await server.call('POST', '/global/login?type=1', { body: { user: 'a@b.cc', passwd: 5 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1006, data: { where: 'body', fields: [{ path: 'passwd' }] } });
  });

  it('sends security headers with a CSP that allows the SPA and the regional hosts', async () => {
    const res = await fetch(`${server.url}/v1/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/connect-src [^;]*ws:[^;]*https:\/\/cn\.console\.example/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('lets the configured regional hosts call with credentials, and no one else', async () => {
    const preflight = await fetch(`${server.url}/v1/global/getUserInfo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://in.console.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://in.console.example');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

    const stranger = await fetch(`${server.url}/v1/health`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the built web app at / with cache headers', async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root">');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${server.url}/assets/app-1a2b.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });
});
