import { ErrorCode } from '@hmi/domain';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, teamWithTemplate } from '../ingest/live-data-test-helpers.ts';
import { notDocumented, openApiPath } from './openapi.document.ts';

/*
 * The OpenAPI document (/v1/openapi.json) against the route table it is built from, a real
 * OpenAPI 3.1 validator, and replies of a running server; the reference page and its CSP.
 */
type Json = Record<string, unknown>;
interface Operation {
  'x-access': string;
  'x-permissions': number[];
  'x-error-codes': number[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}

let server: TestServer;
let doc: { paths: Record<string, Record<string, Operation>> } & Json;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
let deviceId: number;
let closeDevice: () => Promise<void>;

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', ...NO_BILLING });
  const res = await fetch(`${server.url}/v1/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
  team = await teamWithTemplate(server);
  const device = await connectDevice(server, team.token, team.template.id);
  deviceId = device.id;
  closeDevice = async () => void (await device.client.endAsync(true));
  const t0 = Date.now() - 60_000;
  await device.data(
    Array.from({ length: 20 }, (_, i) => ({
      ts: t0 + i * 1000,
      v: { [team.tags.speed]: i, [team.tags.temp]: i / 2 },
      hist: true,
    })),
  );
});
afterAll(async () => {
  await closeDevice?.();
  await server?.close();
});

const opOf = (method: string, url: string) => doc.paths[openApiPath(url).path]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('has an operation for every route of the route table, with its access rule and generic error codes', () => {
    const table = server.app.routeTable;
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const route of table) {
      if (notDocumented(route)) {
        // A HEAD route is documented by its GET.
        if (route.method === 'HEAD' && !opOf('GET', route.url)) missing.push(`HEAD ${route.url} (no GET)`);
        continue;
      }
      const op = opOf(route.method, route.url);
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const codes = new Set(op['x-error-codes']);
      const a = route.access;
      if (a?.kind === 'permission') {
        if (JSON.stringify([...op['x-permissions']].sort()) !== JSON.stringify([...a.ids].sort()))
          wrong.push(`${route.method} ${route.url}: x-permissions ${op['x-permissions'].join()}`);
        if (!codes.has(ErrorCode.E1002_PERMISSION_DENIED))
          wrong.push(`${route.method} ${route.url}: no 1002`);
      }
      if (a && a.kind !== 'public' && !route.websocket) {
        if (!codes.has(1008) || !codes.has(1009)) wrong.push(`${route.method} ${route.url}: no 1008/1009`);
        if (op.security !== undefined)
          wrong.push(`${route.method} ${route.url}: not under the bearer scheme`);
      }
      if (a?.kind === 'public' && JSON.stringify(op.security) !== '[]')
        wrong.push(`${route.method} ${route.url}: public but asks for a token`);
      if ((route.schema.querystring || route.schema.body) && !codes.has(ErrorCode.E1006_BAD_PARAMETER))
        wrong.push(`${route.method} ${route.url}: takes input, no 1006`);
      if (route.schema.response?.['200'] && !op.responses['200']?.content?.['application/json'])
        wrong.push(`${route.method} ${route.url}: no reply schema`);
    }
    const ops = Object.values(doc.paths).flatMap((p) => Object.keys(p)).length;
    console.log(`OpenAPI: ${table.length} routes in the table, ${ops} operations in the document`);
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the replies a running server gives (JSON Schema 2020-12, ajv)', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(doc, 'openapi.json');
    const token = team.token;
    const range = `device_id=${deviceId}&tag_ids=${team.tags.speed},${team.tags.temp}&from=${Date.now() - 3600_000}&to=${Date.now()}`;
    const calls: [string, string, { body?: unknown; token?: string }][] = [
      ['POST', '/global/login?type=1', { body: { user: team.main.email, passwd: team.main.password } }],
      ['POST', '/global/login?type=1', { body: { user: team.main.email, passwd: 'Wrong1234' } }],
      ['GET', '/global/login', {}],
      ['GET', '/health', {}],
      ['GET', '/global/getUserInfo', { token }],
      ['GET', '/global/getUserInfo', {}],
      ['GET', '/global/getUserInfo', { token: 'Bearer not-a-token' }],
      ['GET', '/msg/notify/count', { token }],
      ['GET', '/device/list', { token }],
      ['GET', '/device/list?page_size=1000', { token }],
      ['GET', '/device/overview', { token }],
      ['GET', `/device/detail?id=${deviceId}`, { token }],
      ['GET', '/device/detail?id=999999', { token }],
      ['GET', '/device/label/list', { token }],
      ['POST', '/device/label/add', { token, body: { name: 'line 1' } }],
      ['GET', '/device/group/list', { token }],
      ['GET', `/history/tags?id=${deviceId}`, { token }],
      ['GET', `/history/raw?${range}`, { token }],
      ['GET', `/history/series?${range}&width=100`, { token }],
      ['GET', `/history/drops?id=${deviceId}`, { token }],
      ['GET', '/alarm/group/list', { token }],
      ['GET', '/template/list', { token }],
    ];
    // And every other GET of the API that needs no parameter, as the team's main account.
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get as (Operation & { parameters: { required: boolean }[] }) | undefined;
      if (!op || !path.startsWith('/v1/') || op['x-access'] === 'websocket') continue;
      if (op.parameters.some((p) => p.required) || !op.responses['200']?.content?.['application/json'])
        continue;
      const short = path.slice(3);
      if (!calls.some(([m, p]) => m === 'GET' && p.split('?')[0] === short))
        calls.push(['GET', short, { token }]);
    }
    const failures: string[] = [];
    for (const [method, path, options] of calls) {
      const res = await server.call(method, path, options);
      const url = `/v1${path.split('?')[0]}`;
      const op = opOf(method, url);
      const media = op?.responses[String(res.status)]?.content?.['application/json'];
      if (!media) {
        failures.push(
          `${method} ${path}: HTTP ${res.status} (code ${res.body?.code}) is not in the document`,
        );
        continue;
      }
      const pointer = `/paths/${openApiPath(url).path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${res.status}/content/application~1json/schema`;
      const validate = ajv.getSchema(`openapi.json#${pointer}`)!;
      if (!validate(res.body)) failures.push(`${method} ${path}: ${ajv.errorsText(validate.errors)}`);
      // The generic codes are always listed; a route's own codes where it declares them.
      const generic = [1002, 1003, 1006, 1008, 1009].includes(res.body.code);
      if (generic && !op['x-error-codes'].includes(res.body.code))
        failures.push(`${method} ${path}: code ${res.body.code} not among ${op['x-error-codes'].join()}`);
    }
    // Not vacuous: a reply of the wrong shape fails.
    const list = ajv.getSchema(
      'openapi.json#/paths/~1v1~1device~1list/get/responses/200/content/application~1json/schema',
    )!;
    expect(
      list({ code: 0, data: { list: [{ id: 'x' }], total: 1, page: 1, page_size: 20 }, msg: 'success' }),
    ).toBe(false);
    console.log(`OpenAPI: ${calls.length} replies validated against the document`);
    expect(failures).toEqual([]);
  });
});

describe('the reference page (/api-docs)', () => {
  it('is Swagger UI served from this server with its own CSP; the console keeps its CSP', async () => {
    const page = await fetch(`${server.url}/api-docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api-docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const res = await fetch(`${server.url}/api-docs/${file}`);
      expect(res.status, file).toBe(200);
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    expect((await fetch(`${server.url}/api-docs/package.json`)).status).toBe(404);
    const init = await (await fetch(`${server.url}/api-docs/init.js`)).text();
    expect(init).toContain('/v1/openapi.json');
    // Elsewhere the console's policy, unchanged.
    const console_ = (await fetch(`${server.url}/v1/health`)).headers.get('content-security-policy')!;
    expect(console_).toContain('connect-src');
    expect(console_).toContain('ws:');
    expect(console_).not.toBe(csp);
  });
});
