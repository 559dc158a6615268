import {
  deviceTopic,
  ErrorCode,
  Perm,
  type DeviceCommand,
  type ProjectDetail,
  type ProjectScreen,
  type ScreenWriteReply,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { grantData, startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, teamWithTemplate } from '../ingest/live-data-test-helpers.ts';

/*
 * The running screen's writes (/scada): the binding and value come from the stored screen, the
 * device answers `cmd` settag as a plain MQTT client; permission 4 or 6, data scope, device zone
 * and the widget's own zone are checked on the server.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ SETTAG_TIMEOUT_MS: '600', INGEST_BATCH_MS: '10' });
  team = await teamWithTemplate(server);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = team.token) =>
  server.call<T>('POST', path, { token: t, body });

/** An online device answering every command ok, recording the settag values it got. */
async function device() {
  const d = await connectDevice(server, team.token, team.template.id);
  clients.push(d.client);
  const values: unknown[] = [];
  d.client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(d.sn, 'cmd')) return;
    const cmd = JSON.parse(payload.toString()) as DeviceCommand & { args?: { value?: unknown } };
    values.push(cmd.args?.value);
    void d.client.publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify({ id: cmd.id, ok: true }), {
      qos: 1,
    });
  });
  await d.goOnlineAndSync();
  return { ...d, values };
}

async function screenWith(deviceId: number, zoneId?: number) {
  const speed = { deviceId, tagId: team.tags.speed };
  const project = (
    await post<ProjectDetail>('/project/add', {
      name: `Run ${Date.now()}${Math.random()}`,
      device_ids: [deviceId],
    })
  ).body.data;
  // The screen a goto opens: the project's own (a save refuses another project's, 1006).
  const other = await post<ProjectScreen>('/project/screen/add', { project_id: project.id, name: 'Other' });
  expect(other.body.code).toBe(0);
  const document = {
    version: 2,
    widgets: [
      {
        id: 'start',
        type: 'button',
        x: 0,
        y: 0,
        w: 100,
        h: 40,
        props: { label: 'Start' },
        ...(zoneId ? { zoneId } : {}),
        actions: [
          { kind: 'set', binding: speed, value: 1500 },
          { kind: 'momentary', binding: speed, pressValue: 7, releaseValue: 0 },
          { kind: 'goto', screenId: other.body.data.id },
        ],
      },
      {
        id: 'sp',
        type: 'numeric-input',
        x: 0,
        y: 50,
        w: 100,
        h: 40,
        props: { min: 0, max: 3000 },
        binding: speed,
      },
      { id: 'label', type: 'label', x: 0, y: 100, w: 100, h: 40, props: { text: 'Line' } },
    ],
  };
  const screen = await post<ProjectScreen>('/project/screen/add', {
    project_id: project.id,
    name: 'Main',
    document,
  });
  expect(screen.body.code).toBe(0);
  return screen.body.data;
}

describe('running screen writes', () => {
  it('a button writes its action’s value, a momentary its press and release, an input its value within its limits', async () => {
    const d = await device();
    const s = await screenWith(d.id);
    const set = await post<ScreenWriteReply>('/project/screen/write', {
      screen_id: s.id,
      widget_id: 'start',
      action: 0,
    });
    expect(set.body).toMatchObject({
      code: 0,
      data: { device_id: d.id, tag_id: team.tags.speed, value: 1500 },
    });
    await post('/project/screen/write', { screen_id: s.id, widget_id: 'start', action: 1, pressed: true });
    await post('/project/screen/write', { screen_id: s.id, widget_id: 'start', action: 1, pressed: false });
    const input = await post('/project/screen/write', { screen_id: s.id, widget_id: 'sp', value: 1200 });
    expect(input.body.code).toBe(0);
    expect(d.values).toEqual([1500, 7, 0, 1200]);
    // Outside the input's limits, a goto, a widget that writes nothing: refused, nothing sent.
    for (const body of [
      { widget_id: 'sp', value: 3001 },
      { widget_id: 'start', action: 2 },
      { widget_id: 'start', action: 9 },
      { widget_id: 'label', value: 1 },
    ]) {
      const res = await post('/project/screen/write', { screen_id: s.id, ...body });
      expect(res.body.code, JSON.stringify(body)).toBe(ErrorCode.E1006_BAD_PARAMETER);
    }
    expect(
      (await post('/project/screen/write', { screen_id: s.id, widget_id: 'nope', action: 0 })).body.code,
    ).toBe(ErrorCode.E1003_NO_DATA);
    expect(d.values).toHaveLength(4);
  });

  it('needs device edit 4 or hmi 6, the device in scope, and the widget’s zone (1002 / 1003)', async () => {
    const d = await device();
    const zone = (await post<{ id: number }>('/system/safeZone/add', { name: `Z${Date.now()}` })).body.data;
    const s = await screenWith(d.id, zone.id);
    const plain = await screenWith(d.id);
    const member = async (permissions: number[], deviceIds: number[]) => {
      const sub = await createSubAccount(server, team.main, { permissions, deviceIds });
      await grantData(server, sub.roleId, { projectIds: [s.project_id, plain.project_id] });
      return sub.tokens.token;
    };
    const viewer = await member([Perm.ProjectView], [d.id]);
    expect(
      (await post('/project/screen/write', { screen_id: plain.id, widget_id: 'start', action: 0 }, viewer))
        .body.code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const hmi = await member([Perm.ProjectView, Perm.DeviceHmi], [d.id]);
    expect(
      (await post('/project/screen/write', { screen_id: plain.id, widget_id: 'start', action: 0 }, hmi)).body
        .code,
    ).toBe(0);
    // The widget names a zone the member's role does not hold.
    expect(
      (await post('/project/screen/write', { screen_id: s.id, widget_id: 'start', action: 0 }, hmi)).body
        .code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const outOfScope = await member([Perm.ProjectView, Perm.DeviceEdit], []);
    expect(
      (
        await post(
          '/project/screen/write',
          { screen_id: plain.id, widget_id: 'start', action: 0 },
          outOfScope,
        )
      ).body.code,
    ).toBe(ErrorCode.E1003_NO_DATA);
    expect(d.values).toEqual([1500]);
  });

  it('an offline device is 1038 and nothing is written', async () => {
    const d = await device();
    const s = await screenWith(d.id);
    await d.client.endAsync(true);
    await server.app.db.updateTable('devices').set({ online: 0 }).where('id', '=', d.id).execute();
    const res = await post('/project/screen/write', { screen_id: s.id, widget_id: 'start', action: 0 });
    expect(res.body.code).toBe(ErrorCode.E1038_DEVICE_OFFLINE);
  });
});
