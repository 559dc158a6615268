import { readFile } from 'node:fs/promises';
import {
  ErrorCode,
  Perm,
  type ApiKeyCreated,
  type HistoryRow,
  type HistoryStreamEnd,
  type HistoryStreamRow,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, readAll, teamWithTemplate, type Tags } from '../ingest/live-data-test-helpers.ts';
import type { paths } from '../openapi/openapi-client-test-helpers.ts';
import { CLIENT_TYPES_FILE, openApiTypes } from '../openapi/index.ts';

/*
 * The export for integrators (GET /v1/history/stream): pages by cursor that, read one after the
 * other, give every row of the range once and in order, as NDJSON and as CSV; cursors of another
 * query refused; the device's scope; and a client generated from the OpenAPI document, with a
 * user's access token and with an API key.
 */
let server: TestServer;
let token: string;
let tags: Tags;
let deviceId: number;
let client: MqttClient;
let t0: number;
let all: HistoryRow[];
const N = 700;

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', ...NO_BILLING });
  const team = await teamWithTemplate(server);
  token = team.token;
  tags = team.tags;
  const d = await connectDevice(server, token, team.template.id);
  deviceId = d.id;
  client = d.client;
  // Two tags at most timestamps (pages end inside a timestamp), one alone at some, a few nulls,
  // several samples a second and gaps of minutes.
  t0 = Date.now() - 3 * 3600_000;
  const samples = Array.from({ length: N }, (_, i) => ({
    ts: t0 + i * 250 + (i > N / 2 ? 20 * 60_000 : 0),
    v: i % 7 === 3 ? { [tags.speed]: i } : { [tags.speed]: i % 11 === 0 ? null : i, [tags.temp]: i / 4 },
    hist: true,
  }));
  for (let i = 0; i < samples.length; i += 50) await d.data(samples.slice(i, i + 50));
  all = await readAll(server, token, deviceId, [tags.speed, tags.temp], t0 - 1000, Date.now());
  expect(all.length).toBeGreaterThan(N);
});
afterAll(async () => {
  await client?.endAsync(true);
  await server?.close();
});

const base = () =>
  `device_id=${deviceId}&tag_ids=${tags.speed},${tags.temp}&from=0&to=${Date.now() + 3600_000}`;
const get = (query: string, t = token) =>
  fetch(`${server.url}/v1/history/stream?${query}`, { headers: { authorization: t } });

/** Reads every page of a query: the rows, the pages' sizes. */
async function readPages(query: string, format: 'ndjson' | 'csv') {
  const rows: HistoryRow[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const res = await get(
      `${query}&format=${format}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    const header = res.headers.get('x-next-cursor');
    let page: HistoryRow[];
    if (format === 'ndjson') {
      expect(res.headers.get('content-type')).toContain('application/x-ndjson');
      const lines = text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as HistoryStreamRow & HistoryStreamEnd);
      const end = lines.pop()!;
      expect(end.next_cursor).toBe(header);
      expect(end.rows).toBe(lines.length);
      page = lines.map((l) => ({ tag_id: l.tag_id, ts: l.ts, value: l.value }));
    } else {
      expect(res.headers.get('content-type')).toContain('text/csv');
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines.shift()).toBe('ts,time,tag_id,tag,value');
      page = lines.map((l) => {
        const [ts, time, tagId, , value] = l.split(',');
        expect(new Date(time!).getTime()).toBe(Number(ts));
        return { tag_id: Number(tagId), ts: Number(ts), value: value === '' ? null : Number(value) };
      });
    }
    rows.push(...page);
    sizes.push(page.length);
    if (header) expect(res.headers.get('link')).toContain(`cursor=${encodeURIComponent(header)}`);
    cursor = header;
    if (!cursor) return { rows, sizes };
  }
  throw new Error('no last page');
}

describe('history export by cursor', () => {
  it('NDJSON pages of 97 rows give every row once, in order, pages ending inside a timestamp', async () => {
    const { rows, sizes } = await readPages(`${base()}&limit=97`, 'ndjson');
    expect(rows).toEqual(all);
    expect(sizes.slice(0, -1).every((n) => n === 97)).toBe(true);
    expect(sizes.at(-1)).toBeLessThanOrEqual(97);
  });

  it('CSV pages give the same rows', async () => {
    const { rows, sizes } = await readPages(`${base()}&limit=250`, 'csv');
    expect(rows).toEqual(all);
    expect(sizes.length).toBe(Math.ceil(all.length / 250));
  });

  it('a page is resumable: the same cursor gives the same page', async () => {
    const q = base();
    const first = await get(`${q}&limit=100`);
    const cursor = first.headers.get('x-next-cursor')!;
    const a = await (await get(`${q}&limit=100&cursor=${cursor}`)).text();
    const b = await (await get(`${q}&limit=100&cursor=${cursor}`)).text();
    expect(a).toBe(b);
    expect(a.split('\n').filter(Boolean)).toHaveLength(101);
  });

  it('without tag_ids: every tag of the device; over more than a year; the last page has no cursor', async () => {
    const res = await get(`device_id=${deviceId}&from=0&to=${Date.now() + 400 * 86400_000}&limit=100000`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-next-cursor')).toBeNull();
    const lines = (await res.text()).trimEnd().split('\n');
    expect(JSON.parse(lines.pop()!)).toEqual({ next_cursor: null, rows: all.length });
    expect(lines).toHaveLength(all.length);
    expect(JSON.parse(lines[0]!)).toMatchObject({ tag: 'speed' });
  });

  it('refuses a cursor of another query or a made-up one (1006), another team’s device (1003)', async () => {
    const cursor = (await get(`${base()}&limit=10`)).headers.get('x-next-cursor')!;
    expect(cursor).toBeTruthy();
    const other = await get(
      `device_id=${deviceId}&tag_ids=${tags.speed}&from=0&to=${Date.now()}&cursor=${cursor}`,
    );
    expect(other.status).toBe(400);
    expect(((await other.json()) as { code: number }).code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    const made = await get(`${base()}&cursor=${Buffer.from('h1.0.0.x').toString('base64url')}`);
    expect(((await made.json()) as { code: number }).code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    const stranger = await createActiveUser(server);
    const res = await get(`${base()}&limit=10`, stranger.tokens.token);
    expect(((await res.json()) as { code: number }).code).toBe(ErrorCode.E1003_NO_DATA);
  });
});

describe('a client generated from the OpenAPI document (openapi-typescript + openapi-fetch)', () => {
  it('its types are those of the served document', async () => {
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as Record<string, unknown>;
    const committed = await readFile(CLIENT_TYPES_FILE, 'utf8');
    expect(await openApiTypes(doc), 'run npm run openapi:types').toBe(committed);
  });

  it.each(['an access token', 'an API key (read only, device view)'])(
    'lists devices and exports history page by page with %s',
    async (credential) => {
      let bearer = token;
      if (credential !== 'an access token') {
        const key = await server.call<ApiKeyCreated>('POST', '/apikey/add', {
          token,
          body: { name: 'historian', expires_in_days: 30, permissions: [Perm.DeviceView], read_only: true },
        });
        expect(key.body.code).toBe(0);
        bearer = key.body.data.key;
      }
      const api = createClient<paths>({
        baseUrl: server.url,
        headers: { authorization: `Bearer ${bearer}` },
      });
      const list = await api.GET('/v1/device/list', { params: { query: { page_size: 50 } } });
      expect(list.response.status).toBe(200);
      expect(list.data?.code).toBe(0);
      expect(list.data?.data.list.map((d) => d.id)).toContain(deviceId);
      const names = await api.GET('/v1/history/tags', { params: { query: { id: deviceId } } });
      expect(names.data?.data.tags.map((t) => t.name)).toContain('speed');

      const rows: HistoryRow[] = [];
      let cursor: string | undefined;
      const to = Date.now();
      for (;;) {
        const page = await api.GET('/v1/history/stream', {
          params: {
            query: { device_id: deviceId, tag_ids: [tags.speed, tags.temp], from: 0, to, limit: 400, cursor },
          },
          parseAs: 'text',
        });
        expect(page.response.status, `${page.response.url} ${JSON.stringify(page.error)}`).toBe(200);
        const lines = (page.data as string).trimEnd().split('\n');
        lines.pop();
        rows.push(...lines.map((l) => JSON.parse(l) as HistoryStreamRow).map(({ tag: _, ...r }) => r));
        cursor = page.response.headers.get('x-next-cursor') ?? undefined;
        if (!cursor) break;
      }
      expect(rows).toEqual(all);
    },
  );
});
