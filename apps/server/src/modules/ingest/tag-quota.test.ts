import {
  ErrorCode,
  FreeTier,
  TagLevels,
  type DeviceTagQuota,
  type IngestDrops,
  type MonitorListReply,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { activateCard, issueTestCard } from '../billing/billing-test-helpers.ts';
import { buildTemplate, startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, eventually, storedValues } from './live-data-test-helpers.ts';

/*
 * TAG enforcement (docs/api.md, Billing): a device stores its first `tags` TAGs at most once
 * per its level's interval (sample timestamps are the device's clock: no waiting); without an
 * allocation, the free tier (20 TAGs, 60 s), below every level. Live values are not thinned.
 */
let server: TestServer;
let token: string;
let tagIds: number[];
let templateId: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '20' });
  const main = await createActiveUser(server);
  token = main.tokens.token;
  // 100 TAGs of level 1 (50 TAGs every 60 s each): two devices.
  await activateCard(server, token, 'ca', await issueTestCard(server, { type: 'ca', tags: 100, level: 1 }));
  const template = await buildTemplate(server, token, {
    tags: Array.from({ length: 60 }, (_, i) => ({ name: `t${i + 1}`, data_type: 1, rw: 2 })),
  });
  templateId = template.id;
  tagIds = template.tags.map((t) => t.id);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

async function device(level?: number) {
  const d = await connectDevice(server, token, templateId);
  clients.push(d.client);
  if (level !== undefined) {
    const res = await server.call('POST', '/billing/tag/allocate', {
      token,
      body: { device_id: d.id, level },
    });
    expect(res.body.code).toBe(0);
  }
  return d;
}

const drops = (id: number) =>
  server.call<IngestDrops>('GET', `/history/drops?id=${id}`, { token }).then((r) => r.body.data);
const all = (value: number) => Object.fromEntries(tagIds.map((id) => [id, value]));

describe('TAG enforcement', () => {
  it('stores only the first 50 template TAGs of a device allocated 50, and counts the rest', async () => {
    const d = await device(1);
    const t0 = Date.now();
    await d.data({ ts: t0, v: all(7) });
    const stored = await eventually(
      () => storedValues(server, d.id),
      (v) => v.length > 0,
      'stored values',
    );
    expect(stored.map((v) => v.tag_id)).toEqual([...tagIds.slice(0, 50)].sort((a, b) => a - b));
    const counted = await eventually(
      () => drops(d.id),
      (x) => x.tag_quota === 10,
      'tag_quota drops',
    );
    expect(counted).toMatchObject({ unknown_tag: 0, wrong_type: 0, template_locked: 0 });
    expect(counted.last_reason).toMatch(/^tag_quota: tag \d+/);

    // Monitor points count against the same 50: none fits beside 60 template TAGs.
    const list = await server.call<MonitorListReply>('GET', `/device/monitor/list?id=${d.id}`, { token });
    expect(list.body.data.tag_limit).toBe(50);
    const add = await server.call('POST', '/device/monitor/add', {
      token,
      body: {
        id: d.id,
        name: 'extra',
        data_type: 7,
        rw: 2,
        link: 'Ethernet 1',
        plc_vendor: 'Siemens',
        plc_name: 'S7-1200',
        station: 1,
        component_type: 'word',
        address: 'DB1.DBW10',
        length: 0,
        decimals: 2,
      },
    });
    expect(add.body).toMatchObject({
      code: ErrorCode.E1100_TAG_COUNT_OVER_LIMIT,
      data: 'E_MONITOR_TAG_NUM_LIMIT',
    });
  });

  it('stores at most one sample per level interval (60 s at level 1), by sample time; streams every one', async () => {
    const d = await device(1);
    const streamed: number[] = [];
    const off = server.app.bus.subscribe('device.data', (e) => {
      if (e.deviceId === d.id) for (const f of e.frames) streamed.push(f.ts);
    });
    const t0 = Date.now() - 10 * 60_000;
    const first = tagIds[0]!;
    const at = [0, 10_000, 59_999, 60_000, 61_000, 130_000, 131_000, 190_000];
    // One message of several samples, then one sample per message.
    const value = (dt: number) => Math.floor(dt / 1000); // UINT16
    await d.data(at.slice(0, 4).map((dt) => ({ ts: t0 + dt, v: { [first]: value(dt) } })));
    for (const dt of at.slice(4)) await d.data({ ts: t0 + dt, v: { [first]: value(dt) } });
    const stored = await eventually(
      () => storedValues(server, d.id),
      (v) => v.length >= 4,
      'thinned samples',
    );
    expect(stored.map((v) => v.ts - t0)).toEqual([0, 60_000, 130_000, 190_000]);
    // Thinning is the level's rate, not an error: nothing counted.
    expect(await drops(d.id)).toMatchObject({ tag_quota: 0, wrong_type: 0 });
    // The level thins history only: live values (and the alarms that read them) get every sample, in order.
    await eventually(
      async () => streamed.length,
      (n) => n >= at.length,
      'streamed samples',
    );
    off();
    expect(streamed.map((ts) => ts - t0)).toEqual(at);
    // Backfill between stored samples is thinned and not streamed (backfill never is).
    streamed.length = 0;
    await d.data({ ts: t0 + 200_000, v: { [first]: 1 }, hist: true });
    expect((await storedValues(server, d.id)).map((v) => v.ts - t0)).toEqual([0, 60_000, 130_000, 190_000]);
  });

  it('without an allocation: the free tier (20 TAGs, one stored sample a minute), devices.tag_limit lower still', async () => {
    const d = await device();
    const t0 = Date.now() - 10 * 60_000;
    await d.data([
      { ts: t0, v: all(1) },
      { ts: t0 + 1_000, v: { [tagIds[0]!]: 2 } },
      { ts: t0 + 60_000, v: { [tagIds[0]!]: 3 } },
    ]);
    const stored = await eventually(
      () => storedValues(server, d.id),
      (v) => v.length >= FreeTier.tags + 1,
      'free tier values',
    );
    const firstTwenty = [...tagIds.slice(0, FreeTier.tags)].sort((a, b) => a - b);
    expect(stored.map((v) => [v.ts - t0, v.tag_id])).toEqual([
      ...firstTwenty.map((id) => [0, id]),
      [60_000, tagIds[0]],
    ]);
    expect(
      (
        await eventually(
          () => drops(d.id),
          (x) => x.tag_quota === 40,
          'free tier drops',
        )
      ).tag_quota,
    ).toBe(40);
    // Monitor points count against the same 20.
    const monitor = await server.call<MonitorListReply>('GET', `/device/monitor/list?id=${d.id}`, { token });
    expect(monitor.body.data.tag_limit).toBe(FreeTier.tags);

    // An operator's devices.tag_limit below the free tier lowers it.
    const low = await device();
    await server.app.db.updateTable('devices').set({ tag_limit: 3 }).where('id', '=', low.id).execute();
    server.app.services.ingest.cache.invalidate();
    await low.data({ ts: t0, v: all(1) });
    const three = await eventually(
      () => storedValues(server, low.id),
      (v) => v.length >= 3,
      'tag_limit values',
    );
    expect(three.map((v) => v.tag_id)).toEqual([...tagIds.slice(0, 3)].sort((a, b) => a - b));
  });

  it('no paid level stores fewer samples or TAGs than no allocation over the same period', async () => {
    // One card per level; one device per level and one without an allocation, all sent the same
    // two minutes of 1 Hz samples of 30 TAGs (device clock: the test does not wait two minutes).
    for (const l of TagLevels)
      await activateCard(
        server,
        token,
        'ca',
        await issueTestCard(server, { type: 'ca', tags: l.tags, level: l.level }),
      );
    const free = await device();
    const paid = new Map<number, Awaited<ReturnType<typeof device>>>();
    for (const l of TagLevels) paid.set(l.level, await device(l.level));
    const t0 = Date.now() - 30 * 60_000;
    const thirty = Object.fromEntries(tagIds.slice(0, 30).map((id) => [id, 1]));
    const seconds = Array.from({ length: 121 }, (_, i) => i);
    for (let i = 0; i < seconds.length; i += 20) {
      const samples = seconds.slice(i, i + 20).map((s) => ({ ts: t0 + s * 1000, v: thirty }));
      await Promise.all([free, ...paid.values()].map((d) => d.data(samples)));
    }
    const summary = async (id: number) => {
      const values = await storedValues(server, id);
      return {
        samples: new Set(values.filter((v) => v.tag_id === tagIds[0]).map((v) => v.ts)).size,
        tags: new Set(values.map((v) => v.tag_id)).size,
      };
    };
    const none = await eventually(
      () => summary(free.id),
      (x) => x.samples >= 3,
      'free tier samples',
    );
    // 0, 60 and 120 s; the first 20 TAGs.
    expect(none).toEqual({ samples: 3, tags: FreeTier.tags });
    for (const l of TagLevels) {
      const expected = { samples: 120 / l.interval_s + 1, tags: Math.min(30, l.tags) };
      const got = await eventually(
        () => summary(paid.get(l.level)!.id),
        (x) => x.samples >= expected.samples,
        `level ${l.level} samples`,
      );
      expect(got, `level ${l.level}`).toEqual(expected);
      expect(got.samples, `level ${l.level} samples`).toBeGreaterThanOrEqual(none.samples);
      expect(got.tags, `level ${l.level} TAGs`).toBeGreaterThanOrEqual(none.tags);
    }
  });

  it('GET /billing/tag/device: the template TAGs against the device limit (the device page warning)', async () => {
    const quota = async (id: number) =>
      (await server.call<DeviceTagQuota>('GET', `/billing/tag/device?id=${id}`, { token })).body;
    const free = await device();
    expect((await quota(free.id)).data).toEqual({
      device_id: free.id,
      template_id: templateId,
      template_tags: 60,
      tag_count: 60,
      tag_limit: FreeTier.tags,
      level: null,
      interval_s: FreeTier.interval_s,
      template_locked: false,
    });
    await activateCard(server, token, 'ca', await issueTestCard(server, { type: 'ca', tags: 50, level: 1 }));
    const allocated = await device(1);
    expect((await quota(allocated.id)).data).toMatchObject({
      template_tags: 60,
      tag_limit: 50,
      level: 1,
      interval_s: 60,
    });
    expect((await quota(999_999)).code).toBe(ErrorCode.E1003_NO_DATA);
  });
});

describe('TAG enforcement with billing switched off (BILLING_ENABLED=false)', () => {
  it('applies no quota: every TAG up to devices.tag_limit, every sample, and /billing answers 1002', async () => {
    const off = await startDeviceTestServer({ INGEST_BATCH_MS: '20', BILLING_ENABLED: 'false' });
    try {
      const { tokens } = await createActiveUser(off);
      const template = await buildTemplate(off, tokens.token, {
        tags: Array.from({ length: 60 }, (_, i) => ({ name: `t${i + 1}`, data_type: 1, rw: 2 })),
      });
      const d = await connectDevice(off, tokens.token, template.id);
      clients.push(d.client);
      const t0 = Date.now() - 10 * 60_000;
      const values = Object.fromEntries(template.tags.map((t) => [t.id, 1]));
      await d.data([0, 1_000, 2_000].map((dt) => ({ ts: t0 + dt, v: values })));
      const stored = await eventually(
        () => storedValues(off, d.id),
        (v) => v.length >= 180,
        'unthrottled values',
      );
      expect(stored).toHaveLength(180);
      const res = await off.call('GET', `/billing/tag/device?id=${d.id}`, { token: tokens.token });
      expect(res.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    } finally {
      await off.close();
    }
  });
});
