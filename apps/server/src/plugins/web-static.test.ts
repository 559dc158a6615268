import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { buildTemplate, setTemplateLimit } from '../modules/device/device-test-factories.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

/*
 * What a browser gets from the running server: the built web app's precompressed copies chosen
 * by Accept-Encoding (with Vary), immutable assets without the document's policy headers, the
 * document with them, and API replies compressed above the threshold.
 */
let server: TestServer;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const html = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<!-- pad -->'.repeat(200)}</body></html>`;

beforeAll(async () => {
  const dist = join(process.env.TMPDIR ?? '/tmp', `hmi-web-static-${process.pid}-${Date.now()}`);
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), html);
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(html));
  await writeFile(join(dist, 'index.html.gz'), gzipSync(html));
  await writeFile(join(dist, 'assets/app-abc123.js'), script);
  await writeFile(join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  await writeFile(join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
  server = await startTestServer({ WEB_DIST: dist });
});
afterAll(async () => server?.close());

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function get(path: string, acceptEncoding?: string, extra: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { headers: { ...extra, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('web delivery', () => {
  it('sends the precompressed copy the client accepts, the plain file otherwise, with Vary', async () => {
    for (const path of ['/', '/assets/app-abc123.js']) {
      const br = await get(path, 'gzip, deflate, br');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const gz = await get(path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const expected = path === '/' ? html : script;
      expect(brotliDecompressSync(br.body).toString()).toBe(expected);
      expect(gunzipSync(gz.body).toString()).toBe(expected);
      expect(plain.body.toString()).toBe(expected);
      expect(br.body.length).toBeLessThan(plain.body.length / 5);
    }
  });

  it('caches hashed assets for good without the document headers; the document is revalidated with them', async () => {
    const asset = await get('/assets/app-abc123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'etag'])
      expect(asset.headers[name], name).toBeUndefined();
    const doc = await get('/', 'br');
    expect(doc.headers['cache-control']).toBe('no-cache');
    expect(doc.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('compresses API replies from the threshold on, not smaller ones', async () => {
    const main = await createActiveUser(server);
    await setTemplateLimit(server, main.profile.team_id, 5);
    const tags = Array.from({ length: 40 }, (_, i) => ({
      name: `tag_${i}`,
      data_type: 7 as const,
      rw: 2 as const,
    }));
    const template = await buildTemplate(server, main.tokens.token, { tags });
    const auth = { authorization: main.tokens.token };
    const large = await get(`/v1/template/detail?id=${template.id}`, 'br', auth);
    const plain = await get(`/v1/template/detail?id=${template.id}`, undefined, auth);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );
    const small = await get('/v1/health', 'br');
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
