import {
  BindType,
  ErrorCode,
  Perm,
  type DeviceDetail,
  type DeviceListReply,
  type DeviceOverview,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildGroup,
  buildLabel,
  buildTemplate,
  registerDevice,
  setTemplateLimit,
  startDeviceTestServer,
  uniqueDeviceName,
} from './device-test-factories.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let other: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  other = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 100);
  await setTemplateLimit(server, other.profile.team_id, 100);
});
afterAll(async () => server?.close());

const list = (t: string, query = '') =>
  server.call<DeviceListReply>('GET', `/device/list${query}`, { token: t });

describe('device routes: access', () => {
  // One valid request per route; the body refers to a device of the main team where it needs one.
  const routes: { method: string; path: string; perm: number; body?: (id: number) => unknown }[] = [
    { method: 'GET', path: '/device/list', perm: Perm.DeviceView },
    { method: 'GET', path: '/device/overview', perm: Perm.DeviceView },
    { method: 'GET', path: '/device/detail?id=ID', perm: Perm.DeviceView },
    {
      method: 'POST',
      path: '/device/bind',
      perm: Perm.DeviceBind,
      body: () => ({ sn: 'SN-NONE-1', pin: 'abcd', name: 'x' }),
    },
    { method: 'POST', path: '/device/edit', perm: Perm.DeviceEdit, body: (id) => ({ id, remark: 'r' }) },
    {
      method: 'POST',
      path: '/device/move',
      perm: Perm.DeviceEdit,
      body: (id) => ({ ids: [id], group_id: null }),
    },
    {
      method: 'POST',
      path: '/device/labels',
      perm: Perm.DeviceEdit,
      body: (id) => ({ ids: [id], label_ids: [] }),
    },
    {
      method: 'POST',
      path: '/device/template',
      perm: Perm.DeviceEdit,
      body: (id) => ({ ids: [id], template_id: null }),
    },
    { method: 'POST', path: '/device/unbind', perm: Perm.DeviceDelete, body: (id) => ({ ids: [id] }) },
  ];
  let deviceId: number;
  let lacking: string;
  beforeAll(async () => {
    deviceId = (await buildDevice(server, token)).id;
    lacking = (await createSubAccount(server, main, { permissions: [] })).tokens.token;
  });

  it.each(routes)('$method $path: 401 without a token', async ({ method, path, body }) => {
    const res = await server.call(method, path.replace('ID', String(deviceId)), { body: body?.(deviceId) });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ErrorCode.E1008_AUTH_HEADER_MISSING);
  });

  it.each(routes)(
    '$method $path: 403 (1002) for a role without permission $perm',
    async ({ method, path, body }) => {
      const res = await server.call(method, path.replace('ID', String(deviceId)), {
        token: lacking,
        body: body?.(deviceId),
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    },
  );

  it.each(routes.filter((r) => r.method === 'POST'))(
    '$method $path: 400 (1006) on a malformed body',
    async ({ method, path }) => {
      const res = await server.call(method, path, { token, body: { ids: 'x', id: 'x', sn: '#' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    },
  );

  it.each(routes.filter((r) => r.path !== '/device/bind'))(
    '$method $path: another team cannot reach the device (1003)',
    async ({ method, path, body }) => {
      const res = await server.call(method, path.replace('ID', String(deviceId)), {
        token: other.tokens.token,
        body: body?.(deviceId),
      });
      if (path === '/device/list' || path === '/device/overview') {
        expect(res.body.code).toBe(0);
        expect(JSON.stringify(res.body.data)).not.toContain(`"id":${deviceId},`);
      } else {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe(ErrorCode.E1003_NO_DATA);
      }
    },
  );

  it('a sub-account sees and touches only the devices of its data permissions', async () => {
    const mine = await buildDevice(server, token);
    const hidden = await buildDevice(server, token);
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView, Perm.DeviceEdit, Perm.DeviceDelete],
      deviceIds: [mine.id],
    });
    const t = sub.tokens.token;
    const res = await list(t, '?page_size=200');
    expect(res.body.data.list.map((d) => d.id)).toEqual([mine.id]);
    expect(res.body.data.total).toBe(1);
    expect((await server.call('GET', `/device/detail?id=${hidden.id}`, { token: t })).body.code).toBe(1003);
    const edit = await server.call('POST', '/device/edit', {
      token: t,
      body: { id: hidden.id, remark: 'x' },
    });
    expect(edit.body.code).toBe(1003);
    // A bulk call with one foreign id changes nothing.
    const bulk = await server.call('POST', '/device/unbind', {
      token: t,
      body: { ids: [mine.id, hidden.id] },
    });
    expect(bulk.body.code).toBe(1003);
    expect((await server.call('GET', `/device/detail?id=${mine.id}`, { token })).body.code).toBe(0);
    const ov = await server.call<DeviceOverview>('GET', '/device/overview', { token: t });
    expect(ov.body.data.total).toBe(1);
  });
});

describe('bind', () => {
  const bind = (body: Record<string, unknown>, t = token) =>
    server.call<DeviceDetail>('POST', '/device/bind', { token: t, body });

  it('binds a registered device by SN + PIN with name, group, template, address, remark, labels', async () => {
    const { sn, secret } = await registerDevice(server, { kind: 'hmi', model: 'DOP-107' });
    const group = await buildGroup(server, token);
    const template = await buildTemplate(server, token);
    const label = await buildLabel(server, token);
    const name = uniqueDeviceName('Press');
    const res = await bind({
      sn,
      pin: secret,
      name,
      group_id: group.id,
      template_id: template.id,
      address: 'Hall 3',
      remark: 'line 2',
      label_ids: [label.id],
    });
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.data).toMatchObject({
      sn,
      name,
      model: 'DOP-107',
      kind: 'hmi',
      hmi_sn: sn,
      gateway_sn: '',
      group_id: group.id,
      group_path: [group.name],
      template_id: template.id,
      template_name: template.name,
      address: 'Hall 3',
      remark: 'line 2',
      online: 0,
      sync_state: 0,
      labels: [{ id: label.id, name: label.name }],
      bindType: BindType.SnPin,
      config_version: 1,
    });
  });

  it.each([
    ['wrong PIN', 'wrong', ErrorCode.E1025_ILLEGAL_PIN],
    ['unknown SN', 'unknown', ErrorCode.E1028_ILLEGAL_HMI_SN],
    ['SN bound already (by another team)', 'bound', ErrorCode.E1102_HMI_SN_ALREADY_BOUND],
    ['name that exists in the team (case-insensitive)', 'dupName', ErrorCode.E1034_DEVICE_NAME_EXISTS],
  ] as const)('%s -> %s', async (_, kind, code) => {
    const { sn, secret } = await registerDevice(server);
    const taken = await buildDevice(server, token);
    if (kind === 'bound') await bind({ sn, pin: secret, name: uniqueDeviceName() }, other.tokens.token);
    const body = {
      sn: kind === 'unknown' ? `${sn}X` : sn,
      pin: kind === 'wrong' ? `${secret}X` : secret,
      name: kind === 'dupName' ? taken.name.toUpperCase() : uniqueDeviceName(),
    };
    const res = await bind(body);
    expect(res.body.code).toBe(code);
    // Nothing was bound to the caller's team.
    const found = await list(token, `?search=${sn}`);
    expect(found.body.data.list.filter((d) => d.sn === sn)).toEqual([]);
  });

  it.each([
    ['Var', 'validation.deviceName.reserved', { word: 'var' }],
    ['_a', 'validation.deviceName.start', {}],
    ['1a', 'validation.deviceName.start', {}],
    ['a b', 'validation.deviceName.space', {}],
    ['a-b', 'validation.deviceName.chars', {}],
    ['', 'validation.deviceName.required', {}],
  ])('device name %j -> 1006 with the key %s', async (name, key, params) => {
    const { sn, secret } = await registerDevice(server);
    const res = await bind({ sn, pin: secret, name });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ path: 'name', message: key, params }] },
    });
  });

  it('refuses a group (1027), template (1029) or label (1003) of another team', async () => {
    const foreignGroup = await buildGroup(server, other.tokens.token);
    const foreignTemplate = await buildTemplate(server, other.tokens.token);
    const foreignLabel = await buildLabel(server, other.tokens.token);
    for (const [extra, code] of [
      [{ group_id: foreignGroup.id }, ErrorCode.E1027_ILLEGAL_GROUP_ID],
      [{ template_id: foreignTemplate.id }, ErrorCode.E1029_ILLEGAL_TEMPLATE_ID],
      [{ label_ids: [foreignLabel.id] }, ErrorCode.E1003_NO_DATA],
    ] as const) {
      const { sn, secret } = await registerDevice(server);
      const res = await bind({ sn, pin: secret, name: uniqueDeviceName(), ...extra });
      expect(res.body.code, JSON.stringify(extra)).toBe(code);
    }
  });

  it('unbind releases the device and keeps its registration: it can be bound again', async () => {
    const device = await buildDevice(server, token, { remark: 'old' });
    const res = await server.call('POST', '/device/unbind', { token, body: { ids: [device.id] } });
    expect(res.body).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await server.call('GET', `/device/detail?id=${device.id}`, { token })).body.code).toBe(1003);
    const again = await bind({ sn: device.sn, pin: device.secret, name: device.name }, other.tokens.token);
    expect(again.body.code).toBe(0);
    expect(again.body.data).toMatchObject({ id: device.id, remark: '', labels: [], group_id: null });
  });
});

describe('bind limits', () => {
  const bind = (t: string, sn: string, pin: string) =>
    server.call<DeviceDetail>('POST', '/device/bind', {
      token: t,
      body: { sn, pin, name: uniqueDeviceName() },
    });
  /** As if `ms` had passed for the bind limits: their events are moved back in time. */
  const elapse = (ms: number) =>
    server.app.db
      .updateTable('rate_events')
      .set((eb) => ({ created_at: eb('created_at', '-', ms) }))
      .where('kind', 'like', 'device-bind%')
      .execute();
  const MINUTE = 60_000;

  it('wrong PINs count per SN across teams: after 10 a new team is refused (1036) until a doubling delay, then the owner binds', async () => {
    const { sn, secret } = await registerDevice(server);
    const third = await createActiveUser(server);
    const codes = async (t: string, pin: string, times: number) => {
      const out: number[] = [];
      for (let i = 0; i < times; i++) out.push((await bind(t, sn, pin)).body.code);
      return out;
    };
    expect(await codes(token, 'guess', 10)).toEqual(Array(10).fill(ErrorCode.E1025_ILLEGAL_PIN));
    // A fresh team gets no fresh guesses: refused before its PIN is checked, the right one too.
    const refused = await server.call<{ retry_after_ms: number }>('POST', '/device/bind', {
      token: other.tokens.token,
      body: { sn, pin: 'guess', name: uniqueDeviceName() },
    });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: 1036 });
    expect(refused.body.data.retry_after_ms).toBeGreaterThan(0);
    expect(refused.body.data.retry_after_ms).toBeLessThanOrEqual(MINUTE);
    expect(await codes(other.tokens.token, 'guess', 9)).toEqual(Array(9).fill(ErrorCode.E1036_TOO_FREQUENT));
    expect(await codes(third.tokens.token, secret, 1)).toEqual([ErrorCode.E1036_TOO_FREQUENT]);
    // A minute later one more PIN is checked; the 11th failure asks for 2 minutes.
    await elapse(MINUTE);
    expect(await codes(third.tokens.token, 'guess', 1)).toEqual([ErrorCode.E1025_ILLEGAL_PIN]);
    await elapse(MINUTE);
    expect(await codes(other.tokens.token, secret, 1)).toEqual([ErrorCode.E1036_TOO_FREQUENT]);
    // After the delay the owner binds with the right PIN: the guesses did not lock them out.
    await elapse(MINUTE);
    const owner = await bind(other.tokens.token, sn, secret);
    expect(owner.body).toMatchObject({ code: 0, data: { sn } });
  });

  it('unknown-SN answers (1028) are capped per team: the 21st lookup in an hour is 1036, even for a known SN and its PIN', async () => {
    const team = await createActiveUser(server);
    const { sn, secret } = await registerDevice(server);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await bind(team.tokens.token, `${sn}-X${i}`, 'pin0')).body.code);
    expect(codes).toEqual([...Array(20).fill(ErrorCode.E1028_ILLEGAL_HMI_SN), ErrorCode.E1036_TOO_FREQUENT]);
    // No answer tells a known SN from an unknown one any more.
    expect((await bind(team.tokens.token, sn, secret)).body.code).toBe(ErrorCode.E1036_TOO_FREQUENT);
    // Other teams are not held up by it.
    expect((await bind(other.tokens.token, sn, secret)).body.code).toBe(0);
    await elapse(60 * MINUTE);
    expect((await bind(team.tokens.token, `${sn}-Y`, 'pin0')).body.code).toBe(ErrorCode.E1028_ILLEGAL_HMI_SN);
  });
});

describe('edit, move, template', () => {
  it('edits name, address, remark; refuses a taken name (1034) and a bad one (1006)', async () => {
    const a = await buildDevice(server, token);
    const b = await buildDevice(server, token);
    const name = uniqueDeviceName('Renamed');
    const ok = await server.call<DeviceDetail>('POST', '/device/edit', {
      token,
      body: { id: a.id, name, address: 'A1', remark: 'R1' },
    });
    expect(ok.body.data).toMatchObject({ name, address: 'A1', remark: 'R1' });
    const same = await server.call('POST', '/device/edit', { token, body: { id: a.id, name } });
    expect(same.body.code).toBe(0);
    const taken = await server.call('POST', '/device/edit', { token, body: { id: a.id, name: b.name } });
    expect(taken.body.code).toBe(ErrorCode.E1034_DEVICE_NAME_EXISTS);
    const bad = await server.call('POST', '/device/edit', { token, body: { id: a.id, name: 'if' } });
    expect(bad.body).toMatchObject({
      code: 1006,
      data: { fields: [{ message: 'validation.deviceName.reserved' }] },
    });
  });

  it('moves devices to a group and back to none; a foreign group is 1027', async () => {
    const g = await buildGroup(server, token);
    const d1 = await buildDevice(server, token);
    const d2 = await buildDevice(server, token);
    const moved = await server.call('POST', '/device/move', {
      token,
      body: { ids: [d1.id, d2.id, d1.id], group_id: g.id },
    });
    expect(moved.body).toMatchObject({ code: 0, data: { count: 2 } });
    const inGroup = await list(token, `?group_id=${g.id}`);
    expect(inGroup.body.data.list.map((d) => d.id).sort()).toEqual([d1.id, d2.id].sort());
    const foreign = await buildGroup(server, other.tokens.token);
    const refused = await server.call('POST', '/device/move', {
      token,
      body: { ids: [d1.id], group_id: foreign.id },
    });
    expect(refused.body.code).toBe(ErrorCode.E1027_ILLEGAL_GROUP_ID);
    await server.call('POST', '/device/move', { token, body: { ids: [d1.id], group_id: null } });
    const detail = await server.call<DeviceDetail>('GET', `/device/detail?id=${d1.id}`, { token });
    expect(detail.body.data).toMatchObject({ group_id: null, group_path: [] });
  });

  it('assigning a template bumps the config version and sets sync state 0', async () => {
    const d = await buildDevice(server, token, { sync_state: 1 });
    const detail = await server.call<DeviceDetail>('GET', `/device/detail?id=${d.id}`, { token });
    const before = detail.body.data.config_version;
    const t = await buildTemplate(server, token);
    const res = await server.call('POST', '/device/template', {
      token,
      body: { ids: [d.id], template_id: t.id },
    });
    expect(res.body.code).toBe(0);
    const after = (await server.call<DeviceDetail>('GET', `/device/detail?id=${d.id}`, { token })).body.data;
    expect(after).toMatchObject({ template_id: t.id, sync_state: 0, config_version: before + 1 });
  });
});

describe('list and overview', () => {
  let team: Awaited<ReturnType<typeof createActiveUser>>;
  let t: string;
  beforeAll(async () => {
    team = await createActiveUser(server);
    t = team.tokens.token;
  });

  it('pages, searches by name or SN, filters and sorts on the server', async () => {
    const root = await buildGroup(server, t, { name: 'Plant' });
    const sub = await buildGroup(server, t, { name: 'Line1', parent_id: root.id });
    const label = await buildLabel(server, t, 'critical');
    const alpha = await buildDevice(server, t, {
      name: 'Alpha',
      group_id: sub.id,
      online: 1,
      label_ids: [label.id],
    });
    const beta = await buildDevice(server, t, { name: 'Beta', group_id: root.id, online: 0, sync_state: 1 });
    const gamma = await buildDevice(server, t, { name: 'gamma_50', model: 'GW-1', kind: 'gateway' });

    const all = await list(t, '?page_size=2&page=1');
    expect(all.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(all.body.data.list.map((d) => d.name)).toEqual(['Alpha', 'Beta']);
    const page2 = await list(t, '?page_size=2&page=2');
    expect(page2.body.data.list.map((d) => d.name)).toEqual(['gamma_50']);

    const cases: [string, number[]][] = [
      ['?search=alp', [alpha.id]],
      [`?search=${alpha.sn.slice(-6)}`, [alpha.id]],
      ['?search=a_5', [gamma.id]],
      ['?search=a_p', []],
      ['?search=%25', []],
      [`?group_id=${root.id}`, [alpha.id, beta.id]],
      [`?group_id=${sub.id}`, [alpha.id]],
      [`?label_id=${label.id}`, [alpha.id]],
      ['?online=1', [alpha.id]],
      ['?online=0', [beta.id, gamma.id]],
      ['?sync_state=1', [beta.id]],
      ['?model=GW-1', [gamma.id]],
      ['?sort=name&order=desc', [gamma.id, beta.id, alpha.id]],
      ['?sort=online&order=desc', [alpha.id, beta.id, gamma.id]],
      ['?sort=created&order=asc', [alpha.id, beta.id, gamma.id]],
    ];
    for (const [query, ids] of cases) {
      const res = await list(t, query);
      expect(res.body.code, query).toBe(0);
      expect(
        res.body.data.list.map((d) => d.id),
        query,
      ).toEqual(ids);
    }
    const row = (await list(t, '?search=Alpha')).body.data.list[0]!;
    expect(row).toMatchObject({
      group_path: ['Plant', 'Line1'],
      labels: [{ id: label.id, name: 'critical' }],
    });
    const gw = (await list(t, '?model=GW-1')).body.data.list[0]!;
    expect(gw).toMatchObject({ kind: 'gateway', gateway_sn: gamma.sn, hmi_sn: '' });
    // Filters on ids of another team answer their code.
    const foreign = await buildGroup(server, token);
    expect((await list(t, `?group_id=${foreign.id}`)).body.code).toBe(ErrorCode.E1027_ILLEGAL_GROUP_ID);
    expect((await list(t, '?page_size=1000')).body.code).toBe(1006);
  });

  it('overview counts total, online, offline and the last activity', async () => {
    const fresh = await createActiveUser(server);
    const ft = fresh.tokens.token;
    const empty = await server.call<DeviceOverview>('GET', '/device/overview', { token: ft });
    expect(empty.body.data).toEqual({ alarm: 0, last: null, offline: 0, online: 0, total: 0 });
    const d = await buildDevice(server, ft, { online: 1 });
    await buildDevice(server, ft);
    await server.app.db
      .updateTable('devices')
      .set({ last_seen_at: 1_700_000_000_000 })
      .where('id', '=', d.id)
      .execute();
    const res = await server.call<DeviceOverview>('GET', '/device/overview', { token: ft });
    expect(res.body.data).toEqual({ alarm: 0, last: 1_700_000_000_000, offline: 1, online: 1, total: 2 });
  });
});
