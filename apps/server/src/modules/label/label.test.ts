import { ErrorCode, Limits, Perm, type DeviceDetail, type LabelListReply } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildLabel, startDeviceTestServer } from '../device/device-test-factories.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
});
afterAll(async () => server?.close());

const labels = async (t = token) =>
  (await server.call<LabelListReply>('GET', '/device/label/list', { token: t })).body.data;
const rule = (key: string) => ({ code: ErrorCode.E1006_BAD_PARAMETER, data: { fields: [{ message: key }] } });

describe('label routes: access', () => {
  const routes = [
    { method: 'GET', path: '/device/label/list', perm: Perm.DeviceView, body: undefined },
    { method: 'POST', path: '/device/label/add', perm: Perm.DeviceEdit, body: { name: 'x' } },
    { method: 'POST', path: '/device/label/rename', perm: Perm.DeviceEdit, body: { id: 1, name: 'x' } },
    { method: 'POST', path: '/device/label/delete', perm: Perm.DeviceEdit, body: { id: 1 } },
  ];
  it.each(routes)(
    '$method $path: 401, then 403 without permission $perm',
    async ({ method, path, body, perm }) => {
      expect((await server.call(method, path, { body })).status).toBe(401);
      const sub = await createSubAccount(server, main, {
        permissions: [Perm.DeviceView, Perm.DeviceEdit].filter((p) => p !== perm),
      });
      expect((await server.call(method, path, { token: sub.tokens.token, body })).body.code).toBe(1002);
    },
  );

  it('labels of another team are 1003', async () => {
    const other = await createActiveUser(server);
    const foreign = await buildLabel(server, other.tokens.token);
    expect(
      (await server.call('POST', '/device/label/rename', { token, body: { id: foreign.id, name: 'z' } })).body
        .code,
    ).toBe(1003);
    expect(
      (await server.call('POST', '/device/label/delete', { token, body: { id: foreign.id } })).body.code,
    ).toBe(1003);
    expect((await labels()).list.map((l) => l.id)).not.toContain(foreign.id);
  });
});

describe('labels', () => {
  it('1-50 characters, unique; rename and delete (removing it from devices)', async () => {
    const label = await buildLabel(server, token, '  Pumps ');
    expect(label.name).toBe('Pumps');
    expect(
      (await server.call('POST', '/device/label/add', { token, body: { name: 'Pumps' } })).body,
    ).toMatchObject(rule('validation.label.duplicate'));
    expect(
      (await server.call('POST', '/device/label/add', { token, body: { name: ' ' } })).body,
    ).toMatchObject(rule('validation.label.required'));
    expect(
      (await server.call('POST', '/device/label/add', { token, body: { name: '标'.repeat(51) } })).body,
    ).toMatchObject(rule('validation.label.length'));
    expect(
      (await server.call('POST', '/device/label/add', { token, body: { name: '标'.repeat(50) } })).body.code,
    ).toBe(0);

    const renamed = await server.call('POST', '/device/label/rename', {
      token,
      body: { id: label.id, name: 'Valves' },
    });
    expect(renamed.body).toMatchObject({ code: 0, data: { id: label.id, name: 'Valves' } });
    const device = await buildDevice(server, token, { label_ids: [label.id] });
    expect((await labels()).list.find((l) => l.id === label.id)?.device_count).toBe(1);
    expect(
      (await server.call('POST', '/device/label/delete', { token, body: { id: label.id } })).body.code,
    ).toBe(0);
    const after = await server.call<DeviceDetail>('GET', `/device/detail?id=${device.id}`, { token });
    expect(after.body.data.labels).toEqual([]);
  });

  it(`at most ${Limits.labelMax} labels in a team: the 51st is refused`, async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    for (let i = 1; i <= Limits.labelMax; i++) await buildLabel(server, t, `label ${i}`);
    expect((await labels(t)).list).toHaveLength(50);
    const res = await server.call('POST', '/device/label/add', { token: t, body: { name: 'one too many' } });
    expect(res.body).toMatchObject({
      code: 1006,
      data: { fields: [{ message: 'validation.label.tooMany', params: { max: 50 } }] },
    });
  });

  it(`at most ${Limits.labelSelectedMax} labels on a device: set, add and remove`, async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    const ids: number[] = [];
    for (let i = 1; i <= 11; i++) ids.push((await buildLabel(server, t, `l${i}`)).id);
    const d = await buildDevice(server, t);
    const set = (label_ids: number[], mode = 'set') =>
      server.call('POST', '/device/labels', { token: t, body: { ids: [d.id], label_ids, mode } });
    expect((await set(ids.slice(0, 10))).body).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await set(ids)).body).toMatchObject({
      code: 1006,
      data: { fields: [{ message: 'validation.label.tooManySelected', params: { max: 10 } }] },
    });
    expect((await set([ids[10]!], 'add')).body.code).toBe(1006);
    expect((await set([ids[0]!], 'remove')).body.code).toBe(0);
    expect((await set([ids[10]!], 'add')).body.code).toBe(0);
    const detail = await server.call<DeviceDetail>('GET', `/device/detail?id=${d.id}`, { token: t });
    expect(detail.body.data.labels.map((l) => l.id).sort((a, b) => a - b)).toEqual(
      ids.slice(1).sort((a, b) => a - b),
    );
    // Binding with 11 labels is refused too.
    const bind = await server.call('POST', '/device/bind', {
      token: t,
      body: { sn: 'SN-X-1', pin: 'pppp', name: 'n', label_ids: ids },
    });
    expect(bind.body.code).toBe(1006);
  });

  it('bulk labelling checks every device id', async () => {
    const other = await createActiveUser(server);
    const foreign = await buildDevice(server, other.tokens.token);
    const mine = await buildDevice(server, token);
    const label = await buildLabel(server, token);
    const res = await server.call('POST', '/device/labels', {
      token,
      body: { ids: [mine.id, foreign.id], label_ids: [label.id], mode: 'add' },
    });
    expect(res.body.code).toBe(ErrorCode.E1003_NO_DATA);
    const detail = await server.call<DeviceDetail>('GET', `/device/detail?id=${mine.id}`, { token });
    expect(detail.body.data.labels).toEqual([]);
  });
});
