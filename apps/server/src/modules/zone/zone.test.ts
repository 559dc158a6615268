import {
  ErrorCode,
  Limits,
  Perm,
  StringErrorCode,
  type DeviceZonesReply,
  type ZoneItem,
  type ZoneListReply,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildTemplate,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';
import { addRole, joinedMember } from '../member/team-test-helpers.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });
let n = 0;
const addZone = async (name = `Z${++n}`, t = token) => {
  const res = await post<ZoneItem>('/system/safeZone/add', { name }, t);
  expect(res.body, `zone ${name}`).toMatchObject({ code: 0 });
  return res.body.data;
};

describe('zone routes: access', () => {
  const routes = [
    { method: 'GET', path: '/system/safeZone/list', perm: Perm.SafeZoneView },
    { method: 'GET', path: '/system/safeZone/device-zones?device_ids=1', perm: Perm.SafeZoneView },
    { method: 'POST', path: '/system/safeZone/add', perm: Perm.SafeZoneAdd, body: { name: 'x' } },
    { method: 'POST', path: '/system/safeZone/edit', perm: Perm.SafeZoneEdit, body: { id: 1, name: 'x' } },
    {
      method: 'POST',
      path: '/system/safeZone/assign',
      perm: Perm.SafeZoneEdit,
      body: { zone_id: 1, device_ids: [1] },
    },
    { method: 'POST', path: '/system/safeZone/delete', perm: Perm.SafeZoneDelete, body: { id: 1 } },
  ];
  it.each(routes)(
    '$method $path: 401 without a token, 403 without $perm',
    async ({ method, path, perm, body }) => {
      expect((await server.call(method, path, { body })).status).toBe(401);
      const others = [Perm.SafeZoneView, Perm.SafeZoneAdd, Perm.SafeZoneEdit, Perm.SafeZoneDelete].filter(
        (p) => p !== perm,
      );
      const sub = await createSubAccount(server, main, { permissions: others });
      const res = await server.call(method, path, { token: sub.tokens.token, body });
      expect([res.status, res.body.code]).toEqual([403, ErrorCode.E1002_PERMISSION_DENIED]);
    },
  );
});

describe('security zones', () => {
  it('adds, lists with device and role counts, renames; names are letters and digits (1006), unique (1066)', async () => {
    const zone = await addZone('PlantA');
    const d = await buildDevice(server, token);
    await post('/system/safeZone/assign', { zone_id: zone.id, device_ids: [d.id] });
    await addRole(server, token, { zones: [zone.id] });
    const list = (await get<ZoneListReply>('/system/safeZone/list')).body.data;
    expect(list.max).toBe(Limits.securityZoneMax);
    expect(list.list.find((z) => z.id === zone.id)).toMatchObject({
      name: 'PlantA',
      device_count: 1,
      role_count: 1,
    });
    expect(
      (await post<ZoneItem>('/system/safeZone/edit', { id: zone.id, name: 'PlantA2' })).body.data,
    ).toMatchObject({
      name: 'PlantA2',
      device_count: 1,
    });
    for (const [name, key] of [
      ['Plant A', 'validation.zoneName.chars'],
      ['区域', 'validation.zoneName.chars'],
      ['z'.repeat(Limits.zoneNameMax + 1), 'validation.zoneName.length'],
    ]) {
      const res = await post('/system/safeZone/add', { name });
      expect(res.body, name).toMatchObject({
        code: ErrorCode.E1006_BAD_PARAMETER,
        data: { fields: [{ message: key }] },
      });
    }
    await addZone('Dup1');
    const dup = await post('/system/safeZone/add', { name: 'Dup1' });
    expect([dup.status, dup.body.code]).toEqual([409, ErrorCode.E1066_ZONE_NAME_EXISTS]);
    expect((await post('/system/safeZone/edit', { id: zone.id, name: 'Dup1' })).body.code).toBe(
      ErrorCode.E1066_ZONE_NAME_EXISTS,
    );
  });

  it('at most 20 per team: 1065 with E_SAFEAREAS_MORE_THAN_LIMIT', async () => {
    const owner = await createActiveUser(server);
    for (let i = 0; i < Limits.securityZoneMax; i++) await addZone(`L${i}`, owner.tokens.token);
    const res = await post('/system/safeZone/add', { name: 'OneMore' }, owner.tokens.token);
    expect(res.body).toMatchObject({
      code: ErrorCode.E1065_ZONE_LIMIT,
      msg: StringErrorCode.E_SAFEAREAS_MORE_THAN_LIMIT,
      data: { max: 20 },
    });
  });

  it('a zone held by a role cannot be deleted (1067); deleting a free one leaves its devices in no zone', async () => {
    const held = await addZone();
    const role = await addRole(server, token, { zones: [held.id] });
    const res = await post('/system/safeZone/delete', { id: held.id });
    expect([res.status, res.body.code]).toEqual([409, ErrorCode.E1067_ZONE_IN_USE]);
    await post('/system/role/edit', { id: role.id, zones: [] });
    const d = await buildDevice(server, token);
    await post('/system/safeZone/assign', { zone_id: held.id, device_ids: [d.id] });
    expect((await post('/system/safeZone/delete', { id: held.id })).body.code).toBe(0);
    const zones = (await get<DeviceZonesReply>(`/system/safeZone/device-zones?device_ids=${d.id}`)).body.data;
    expect(zones.list).toEqual([]);
  });

  it('assigns devices in bulk, moves them, takes them out; ids of another team are 1003', async () => {
    const [a, b] = [await addZone(), await addZone()];
    const [d1, d2, d3] = [
      await buildDevice(server, token),
      await buildDevice(server, token),
      await buildDevice(server, token),
    ];
    expect(
      (await post('/system/safeZone/assign', { zone_id: a.id, device_ids: [d1.id, d2.id, d3.id] })).body.data,
    ).toEqual({
      updated: 3,
    });
    await post('/system/safeZone/assign', { zone_id: b.id, device_ids: [d2.id] });
    await post('/system/safeZone/assign', { zone_id: null, device_ids: [d3.id] });
    const zones = (
      await get<DeviceZonesReply>(`/system/safeZone/device-zones?device_ids=${d1.id},${d2.id},${d3.id}`)
    ).body.data.list;
    expect(zones).toEqual([
      { device_id: d1.id, zone_id: a.id, zone_name: a.name },
      { device_id: d2.id, zone_id: b.id, zone_name: b.name },
    ]);
    const stranger = await createActiveUser(server);
    const far = await buildDevice(server, stranger.tokens.token);
    const farZone = await addZone('FarZone', stranger.tokens.token);
    for (const [path, body] of [
      ['/system/safeZone/assign', { zone_id: a.id, device_ids: [far.id] }],
      ['/system/safeZone/assign', { zone_id: farZone.id, device_ids: [d1.id] }],
      ['/system/safeZone/edit', { id: farZone.id, name: 'Mine' }],
      ['/system/safeZone/delete', { id: farZone.id }],
    ] as const) {
      expect((await post(path, body)).body.code, `${path} ${JSON.stringify(body)}`).toBe(
        ErrorCode.E1003_NO_DATA,
      );
    }
    expect(
      (await get<DeviceZonesReply>(`/system/safeZone/device-zones?device_ids=${far.id}`)).body.data.list,
    ).toEqual([]);
  });

  it('a sub-account moves devices only between zones it holds (1002)', async () => {
    const [mineZone, otherZone] = [await addZone(), await addZone()];
    const d = await buildDevice(server, token);
    await post('/system/safeZone/assign', { zone_id: otherZone.id, device_ids: [d.id] });
    const role = await addRole(server, token, {
      permissions: [Perm.SafeZoneEdit, Perm.DeviceView],
      grants: { devices: [d.id] },
      zones: [mineZone.id],
    });
    const m = await joinedMember(server, main, role.id);
    for (const zone_id of [mineZone.id, null]) {
      expect(
        (await post('/system/safeZone/assign', { zone_id, device_ids: [d.id] }, m.token)).body.code,
      ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    }
  });
  it('renames and deletes only zones it holds (1002): deleting a zone no role holds would unlock its devices', async () => {
    await setTemplateLimit(server, main.profile.team_id, 20);
    const template = await buildTemplate(server, token);
    const d = await buildDevice(server, token, { template_id: template.id });
    const [locked, mine] = [await addZone(), await addZone()];
    await post('/system/safeZone/assign', { zone_id: locked.id, device_ids: [d.id] });
    const role = await addRole(server, token, {
      permissions: [
        Perm.DeviceView,
        Perm.DeviceMonitor,
        Perm.SafeZoneView,
        Perm.SafeZoneEdit,
        Perm.SafeZoneDelete,
      ],
      grants: { devices: [d.id] },
      zones: [mine.id],
    });
    const m = await joinedMember(server, main, role.id);
    const settag = () =>
      post('/device/settag', { id: d.id, tag_id: template.tags[0]!.id, value: 1 }, m.token);
    expect((await settag()).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    for (const [path, body] of [
      ['/system/safeZone/delete', { id: locked.id }],
      ['/system/safeZone/edit', { id: locked.id, name: 'Renamed' }],
    ] as const) {
      const res = await post(path, body, m.token);
      expect([res.status, res.body.code], path).toEqual([403, ErrorCode.E1002_PERMISSION_DENIED]);
    }
    expect((await settag()).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const zones = (await get<ZoneListReply>('/system/safeZone/list')).body.data.list;
    expect(zones.find((z) => z.id === locked.id)?.name).toBe(locked.name);
    // A zone it holds: renamed; deleting it stays 1067 while its role holds it.
    expect((await post('/system/safeZone/edit', { id: mine.id, name: 'MineToo' }, m.token)).body.code).toBe(
      0,
    );
    expect((await post('/system/safeZone/delete', { id: mine.id }, m.token)).body.code).toBe(
      ErrorCode.E1067_ZONE_IN_USE,
    );
  });
});

describe('operating in a zone (settag)', () => {
  it('needs the device zone in the role (1002); no zone or the main account: the write goes ahead', async () => {
    await setTemplateLimit(server, main.profile.team_id, 20);
    const template = await buildTemplate(server, token);
    const tag = template.tags[0]!.id;
    const zoned = await buildDevice(server, token, { template_id: template.id });
    const free = await buildDevice(server, token, { template_id: template.id });
    const [line2, boiler] = [await addZone(), await addZone()];
    await post('/system/safeZone/assign', { zone_id: line2.id, device_ids: [zoned.id] });
    const operate = [Perm.DeviceView, Perm.DeviceMonitor];
    const grants = { devices: [zoned.id, free.id] };
    const outside = await joinedMember(
      server,
      main,
      (await addRole(server, token, { permissions: operate, grants, zones: [boiler.id] })).id,
    );
    const inside = await joinedMember(
      server,
      main,
      (await addRole(server, token, { permissions: operate, grants, zones: [line2.id] })).id,
    );
    const write = (id: number, t: string) => post('/device/settag', { id, tag_id: tag, value: 1 }, t);
    // Past the zone, the next check answers: the devices are offline (1038).
    expect((await write(zoned.id, outside.token)).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    expect((await write(zoned.id, inside.token)).body.code).toBe(ErrorCode.E1038_DEVICE_OFFLINE);
    expect((await write(free.id, outside.token)).body.code).toBe(ErrorCode.E1038_DEVICE_OFFLINE);
    expect((await write(zoned.id, token)).body.code).toBe(ErrorCode.E1038_DEVICE_OFFLINE);
    // Seeing stays governed by data permissions: the zone does not hide the device.
    expect((await get(`/device/detail?id=${zoned.id}`, outside.token)).body.code).toBe(0);
  });
});
