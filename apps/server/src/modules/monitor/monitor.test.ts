import {
  deviceTopic,
  ErrorCode,
  MONITOR_TAG_ID_BASE,
  Perm,
  StringErrorCode,
  type DeviceConfig,
  type MonitorBatchReply,
  type MonitorListReply,
  type MonitorTag,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { connectedDevice, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import {
  buildDevice,
  buildTemplate,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let other: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
let templateId: number;

beforeAll(async () => {
  // Point limits here are devices.tag_limit's (an operator's); the free tier's are in tag-quota.test.ts.
  server = await startDeviceTestServer(NO_BILLING);
  main = await createActiveUser(server);
  other = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 100);
  // speed (UINT16, rw) and running (BOOL, read)
  templateId = (await buildTemplate(server, token)).id;
});
afterAll(async () => server?.close());

const point = (overrides: Record<string, unknown> = {}) => ({
  name: 'temp',
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
  step: 2,
  description: 'oven temperature',
  ...overrides,
});

const list = async (id: number, t = token) =>
  (await server.call<MonitorListReply>('GET', `/device/monitor/list?id=${id}`, { token: t })).body;
const add = (id: number, body: Record<string, unknown>, t = token) =>
  server.call<MonitorTag>('POST', '/device/monitor/add', { token: t, body: { id, ...body } });
const batch = (id: number, body: Record<string, unknown>) =>
  server.call<MonitorBatchReply>('POST', '/device/monitor/batchadd', { token, body: { id, ...body } });
const setTagLimit = (id: number, limit: number) =>
  server.app.db.updateTable('devices').set({ tag_limit: limit }).where('id', '=', id).execute();
const field = (body: { data: unknown }) =>
  (body.data as { fields: { path: string; message: string }[] }).fields[0];

describe('monitor routes: access', () => {
  const routes: { method: string; path: string; body?: (id: number) => unknown }[] = [
    { method: 'GET', path: '/device/monitor/list?id=ID' },
    { method: 'POST', path: '/device/monitor/add', body: (id) => ({ id, ...point({ name: 'acc' }) }) },
    {
      method: 'POST',
      path: '/device/monitor/batchadd',
      body: (id) => ({ id, ...point({ name: 'accb', address: 'D1' }), count: 2 }),
    },
    { method: 'POST', path: '/device/monitor/edit', body: (id) => ({ id, point_id: 1, ...point() }) },
    { method: 'POST', path: '/device/monitor/delete', body: (id) => ({ id, point_ids: [1] }) },
  ];
  let deviceId: number;
  let lacking: string;
  let outOfScope: string;
  beforeAll(async () => {
    deviceId = (await buildDevice(server, token)).id;
    // device view without monitor
    lacking = (
      await createSubAccount(server, main, { permissions: [Perm.DeviceView], deviceIds: [deviceId] })
    ).tokens.token;
    // monitor, but the device is not in the role's data permissions
    outOfScope = (
      await createSubAccount(server, main, { permissions: [Perm.DeviceView, Perm.DeviceMonitor] })
    ).tokens.token;
  });
  const at = (path: string) => path.replace('ID', String(deviceId));

  it.each(routes)('$method $path: 401 without a token', async ({ method, path, body }) => {
    const res = await server.call(method, at(path), { body: body?.(deviceId) });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ErrorCode.E1008_AUTH_HEADER_MISSING);
  });

  it.each(routes)(
    '$method $path: 403 (1002) without the monitor permission 47',
    async ({ method, path, body }) => {
      const res = await server.call(method, at(path), { token: lacking, body: body?.(deviceId) });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    },
  );

  it.each(routes)('$method $path: 400 (1006) on a malformed request', async ({ method, path }) => {
    const res = await server.call(method, path.replace('ID', 'x'), {
      token,
      body: method === 'POST' ? { id: 'x', point_ids: 'x', data_type: 12 } : undefined,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
  });

  it.each(routes)('$method $path: another team gets 1003', async ({ method, path, body }) => {
    const res = await server.call(method, at(path), { token: other.tokens.token, body: body?.(deviceId) });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(ErrorCode.E1003_NO_DATA);
  });

  it.each(routes)(
    '$method $path: a device outside the data permissions is 1003',
    async ({ method, path, body }) => {
      const res = await server.call(method, at(path), { token: outOfScope, body: body?.(deviceId) });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.E1003_NO_DATA);
    },
  );

  it('200 for the main account and for a sub-account with 47 and the device', async () => {
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView, Perm.DeviceMonitor],
      deviceIds: [deviceId],
    });
    expect((await list(deviceId)).code).toBe(0);
    expect((await list(deviceId, sub.tokens.token)).code).toBe(0);
    const res = await add(deviceId, point({ name: 'by_sub' }), sub.tokens.token);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
  });
});

describe('monitor points', () => {
  it('lists template tags then points; a point gets its own tag id and is saved as sent', async () => {
    const device = await buildDevice(server, token, { template_id: templateId });
    const before = await list(device.id);
    expect(before.data).toMatchObject({
      device_id: device.id,
      device_name: device.name,
      template_id: templateId,
      tag_limit: 100,
      tag_count: 2,
    });
    expect(before.data.tags.map((t) => [t.name, t.source])).toEqual([
      ['speed', 'template'],
      ['running', 'template'],
    ]);

    const res = await add(device.id, point({ name: '  temp  ' }));
    expect(res.body.code).toBe(0);
    const p = res.body.data;
    expect(p).toMatchObject({
      source: 'point',
      name: 'temp',
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
      step: 2,
      description: 'oven temperature',
      config_status: 'mismatch',
    });
    expect(p.tag_id).toBe(MONITOR_TAG_ID_BASE + p.point_id!);
    const after = await list(device.id);
    expect(after.data.tag_count).toBe(3);
    expect(after.data.sync_state).toBe(0);
    expect(after.data.tags.map((t) => t.name)).toEqual(['speed', 'running', 'temp']);
    expect(p.config_version).toBe(after.data.config_version);
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name', 'validation.monitor.nameRequired'],
    ['a name of 256 characters', { name: 'n'.repeat(256) }, 'name', 'validation.monitor.nameLength'],
    ['a template tag name', { name: 'speed' }, 'name', 'validation.monitor.nameDuplicate'],
    ['a point name', { name: 'dup' }, 'name', 'validation.monitor.nameDuplicate'],
    ['a negative station', { station: -1 }, 'station', 'validation.monitor.stationNumber'],
    ['a fractional station', { station: 1.5 }, 'station', 'validation.monitor.stationNumber'],
    ['a negative length', { length: -1 }, 'length', 'validation.monitor.length'],
    ['a STRING of length 0', { data_type: 9, length: 0 }, 'length', 'validation.monitor.length'],
    ['7 decimals', { decimals: 7 }, 'decimals', 'validation.monitor.decimals'],
    [
      'a bit component of INT16',
      { component_type: 'bit', data_type: 4 },
      'component_type',
      'monitor.bitOnlyBool',
    ],
  ])('refuses %s (1006 with the rule)', async (_what, overrides, path, message) => {
    const device = await buildDevice(server, token, { template_id: templateId });
    expect((await add(device.id, point({ name: 'dup', address: 'D1' }))).body.code).toBe(0);
    const res = await add(device.id, point(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect(field(res.body)).toMatchObject({ path, message });
    expect((await list(device.id)).data.tag_count).toBe(3);
  });

  it('accepts the edges: 255 characters, station 0, STRING of length 1, 6 decimals, a bit BOOL', async () => {
    const device = await buildDevice(server, token);
    for (const overrides of [
      { name: 'é'.repeat(255) },
      { name: 's0', station: 0 },
      { name: 'str', data_type: 9, length: 1 },
      { name: 'd6', decimals: 6 },
      { name: 'b', data_type: 0, component_type: 'bit' },
    ]) {
      const res = await add(device.id, point(overrides));
      expect(res.body, JSON.stringify(overrides)).toMatchObject({ code: 0 });
    }
  });

  it.each([
    [1, 400],
    [2, 200],
    [100, 200],
    [101, 400],
  ])('batch add of %i points: %i', async (count, status) => {
    const device = await buildDevice(server, token, { template_id: templateId });
    await setTagLimit(device.id, 200);
    const res = await batch(device.id, point({ name: 'T', address: 'D0098', step: 2, count }));
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
      expect(field(res.body)).toMatchObject({ path: 'count', message: 'validation.monitor.batchCount' });
      expect((await list(device.id)).data.tag_count).toBe(2);
      return;
    }
    expect(res.body.data.count).toBe(count);
    const points = res.body.data.points;
    expect(points.map((p) => p.name)).toEqual(Array.from({ length: count }, (_, i) => `T${i + 1}`));
    expect(points[0]!.address).toBe('D0098');
    expect(points[1]!.address).toBe('D0100');
    expect(points.at(-1)!.address).toBe(`D${String(98 + (count - 1) * 2).padStart(4, '0')}`);
    expect(new Set(points.map((p) => p.tag_id)).size).toBe(count);
    expect((await list(device.id)).data.tag_count).toBe(2 + count);
  });

  it('batch add: an address without a trailing number is 1093; a clashing name refuses the whole batch', async () => {
    const device = await buildDevice(server, token);
    const noNumber = await batch(device.id, point({ name: 'X', address: 'DB', count: 3 }));
    expect(noNumber.body.code).toBe(ErrorCode.E1093_ILLEGAL_ADDRESS);
    expect((await add(device.id, point({ name: 'X2' }))).body.code).toBe(0);
    const clash = await batch(device.id, point({ name: 'X', address: 'M0', count: 3 }));
    expect(clash.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect(field(clash.body)).toMatchObject({ path: 'name', message: 'validation.monitor.nameDuplicate' });
    expect((await list(device.id)).data.tag_count).toBe(1);
  });

  it('the TAG limit counts template tags and points: over it is 1100 E_MONITOR_TAG_NUM_LIMIT', async () => {
    const device = await buildDevice(server, token, { template_id: templateId });
    await setTagLimit(device.id, 4);
    const over = await batch(device.id, point({ name: 'L', address: 'D0', count: 3 }));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: ErrorCode.E1100_TAG_COUNT_OVER_LIMIT,
      data: StringErrorCode.E_MONITOR_TAG_NUM_LIMIT,
    });
    expect((await batch(device.id, point({ name: 'L', address: 'D0', count: 2 }))).body.code).toBe(0);
    const full = await add(device.id, point({ name: 'one_more' }));
    expect(full.body.code).toBe(ErrorCode.E1100_TAG_COUNT_OVER_LIMIT);
    const reply = (await list(device.id)).data;
    expect([reply.tag_count, reply.tag_limit]).toEqual([4, 4]);
  });

  it('edits a point: every field, its own name kept; duplicate names, foreign points are refused', async () => {
    const device = await buildDevice(server, token, { template_id: templateId });
    const another = await buildDevice(server, token);
    const p = (await add(device.id, point({ name: 'a' }))).body.data;
    const q = (await add(device.id, point({ name: 'b' }))).body.data;
    const foreign = (await add(another.id, point({ name: 'c' }))).body.data;
    const edit = (body: Record<string, unknown>) =>
      server.call<MonitorTag>('POST', '/device/monitor/edit', { token, body: { id: device.id, ...body } });

    const same = await edit({ point_id: p.point_id, ...point({ name: 'a', address: 'D7', rw: 0 }) });
    expect(same.body.data).toMatchObject({ name: 'a', address: 'D7', rw: 0, tag_id: p.tag_id });
    expect(same.body.data.config_version).toBeGreaterThan(p.config_version);
    const dup = await edit({ point_id: p.point_id, ...point({ name: 'b' }) });
    expect(field(dup.body)).toMatchObject({ path: 'name', message: 'validation.monitor.nameDuplicate' });
    const dupTemplate = await edit({ point_id: q.point_id, ...point({ name: 'running' }) });
    expect(field(dupTemplate.body)).toMatchObject({ message: 'validation.monitor.nameDuplicate' });
    expect((await edit({ point_id: foreign.point_id, ...point({ name: 'z' }) })).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    expect((await edit({ point_id: p.point_id, ...point({ decimals: 9 }) })).body.code).toBe(
      ErrorCode.E1006_BAD_PARAMETER,
    );
  });

  it('deletes one or many points; any foreign id refuses the whole call with 1003', async () => {
    const device = await buildDevice(server, token);
    const another = await buildDevice(server, token);
    const created = (await batch(device.id, point({ name: 'P', address: 'D0', count: 4 }))).body.data.points;
    const foreign = (await add(another.id, point({ name: 'F' }))).body.data;
    const del = (ids: (number | null)[]) =>
      server.call<{ count: number }>('POST', '/device/monitor/delete', {
        token,
        body: { id: device.id, point_ids: ids },
      });

    expect((await del([created[0]!.point_id, foreign.point_id])).body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect((await list(device.id)).data.tag_count).toBe(4);
    expect((await del([created[0]!.point_id])).body.data).toEqual({ count: 1 });
    expect((await del([created[1]!.point_id, created[2]!.point_id])).body.data).toEqual({ count: 2 });
    expect((await list(device.id)).data.tags.map((t) => t.name)).toEqual(['P4']);
    // A new point never takes a deleted point's tag id (history keys).
    const again = (await add(device.id, point({ name: 'P1' }))).body.data;
    expect(created.map((c) => c.tag_id)).not.toContain(again.tag_id);
  });
});

describe('monitor points and the device config', () => {
  let client: MqttClient | undefined;
  afterAll(async () => client?.endAsync(true).catch(() => undefined));

  it('saving publishes the config with template tags and points; the ack turns the points to match', async () => {
    const device = await buildDevice(server, token, { template_id: templateId });
    client = await connectedDevice(server.app.deviceMqttUrl, device.sn, device.secret);
    const configs: DeviceConfig[] = [];
    client.on('message', (topic, payload) => {
      if (topic === deviceTopic(device.sn, 'config') && payload.length > 0)
        configs.push(JSON.parse(payload.toString('utf8')) as DeviceConfig);
    });
    await client.subscribeAsync(deviceTopic(device.sn, 'config'), { qos: 1 });

    const first = (await add(device.id, point({ name: 'oven', data_type: 5, decimals: 0 }))).body.data;
    await waitUntil(() => configs.some((c) => c.version === first.config_version), 8_000, 'the config');
    const config = configs.find((c) => c.version === first.config_version)!;
    expect(config.templateId).toBe(templateId);
    expect(config.tags.map((t) => t.name)).toEqual(['speed', 'running', 'oven']);
    expect(config.tags[2]).toMatchObject({ id: first.tag_id, type: 5, rw: 2, address: 'DB1.DBW10' });

    await client.publishAsync(
      deviceTopic(device.sn, 'config/ack'),
      JSON.stringify({ templateId, version: config.version }),
      { qos: 1 },
    );
    const deadline = Date.now() + 8_000;
    let reply = await list(device.id);
    while (reply.data.sync_state !== 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      reply = await list(device.id);
    }
    expect(reply.data).toMatchObject({ sync_state: 1, acked_version: config.version });
    expect(reply.data.tags.map((t) => t.config_status)).toEqual(['match', 'match', 'match']);

    // A second point is pending until its own version is acknowledged; the first stays a match.
    const second = (await add(device.id, point({ name: 'door', data_type: 0, component_type: 'bit' }))).body
      .data;
    expect(second.config_version).toBeGreaterThan(first.config_version);
    const pending = (await list(device.id)).data.tags;
    expect(pending.find((t) => t.name === 'oven')!.config_status).toBe('match');
    expect(pending.find((t) => t.name === 'door')!.config_status).toBe('mismatch');
    await waitUntil(
      () => configs.some((c) => c.version === second.config_version),
      8_000,
      'the second config',
    );
    expect(configs.at(-1)!.tags.map((t) => t.name)).toEqual(['speed', 'running', 'oven', 'door']);
  });
});
