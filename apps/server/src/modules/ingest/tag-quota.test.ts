import { ErrorCode, type DeviceTagQuota, type IngestDrops, type MonitorListReply } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { activateCard, issueTestCard } from '../billing/billing-test-helpers.ts';
import { buildTemplate, startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, eventually, storedValues } from './live-data-test-helpers.ts';

/*
 * TAG enforcement (docs/api.md, Billing): a device collects its first `tags` TAGs at most once
 * per its level's interval (sample timestamps are the device's clock); without an allocation,
 * devices.tag_limit TAGs and no interval.
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

  it('stores at most one sample per level interval (60 s at level 1), by sample time', async () => {
    const d = await device(1);
    const t0 = Date.now() - 10 * 60_000;
    const first = tagIds[0]!;
    const at = [0, 10_000, 59_999, 60_000, 61_000, 130_000, 131_000, 190_000];
    // One message of several samples, then one sample per message.
    await d.data(at.slice(0, 4).map((dt) => ({ ts: t0 + dt, v: { [first]: dt / 1000 } })));
    for (const dt of at.slice(4)) await d.data({ ts: t0 + dt, v: { [first]: dt / 1000 } });
    const stored = await eventually(
      () => storedValues(server, d.id),
      (v) => v.length >= 4,
      'thinned samples',
    );
    expect(stored.map((v) => v.ts - t0)).toEqual([0, 60_000, 130_000, 190_000]);
    // Thinning is the level's rate, not an error: nothing counted.
    expect(await drops(d.id)).toMatchObject({ tag_quota: 0, wrong_type: 0 });
  });

  it('without an allocation: devices.tag_limit TAGs (the free tier) and every sample', async () => {
    const d = await device();
    await server.app.db.updateTable('devices').set({ tag_limit: 3 }).where('id', '=', d.id).execute();
    server.app.services.ingest.cache.invalidate();
    const t0 = Date.now();
    await d.data([
      { ts: t0, v: all(1) },
      { ts: t0 + 1_000, v: { [tagIds[0]!]: 2 } },
    ]);
    const stored = await eventually(
      () => storedValues(server, d.id),
      (v) => v.length >= 4,
      'free tier values',
    );
    const firstThree = [...tagIds.slice(0, 3)].sort((a, b) => a - b);
    expect(stored.map((v) => [v.ts - t0, v.tag_id])).toEqual([
      ...firstThree.map((id) => [0, id]),
      [1_000, tagIds[0]],
    ]);
    expect(
      (
        await eventually(
          () => drops(d.id),
          (x) => x.tag_quota === 57,
          'free tier drops',
        )
      ).tag_quota,
    ).toBe(57);
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
      tag_limit: 100,
      level: null,
      interval_s: 0,
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
