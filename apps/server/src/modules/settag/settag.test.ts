import {
  deviceTopic,
  ErrorCode,
  Perm,
  StringErrorCode,
  type DeviceCommand,
  type SettagReply,
  type TagWriteLogReply,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import {
  connectDevice,
  eventually,
  teamWithTemplate,
  type TestDevice,
} from '../ingest/live-data-test-helpers.ts';

/*
 * Writing tags through HTTP with a plain MQTT client as the device, answering `cmd` with
 * `cmd/resp` (or not), and every refusal code of the settag contract.
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

/** An online, synced device answering commands with `answer` (undefined: no answer). */
async function device(
  answer: (cmd: DeviceCommand) => object | undefined = (cmd) => ({ id: cmd.id, ok: true }),
) {
  const d = await connectDevice(server, team.token, team.template.id);
  clients.push(d.client);
  const received: DeviceCommand[] = [];
  d.client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(d.sn, 'cmd')) return;
    const cmd = JSON.parse(payload.toString()) as DeviceCommand;
    received.push(cmd);
    const resp = answer(cmd);
    if (resp)
      d.client
        .publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify(resp), { qos: 1 })
        .catch(() => undefined);
  });
  await d.goOnlineAndSync();
  return { ...d, received };
}

const settag = (d: TestDevice, tagId: number, value: unknown, token = team.token) =>
  server.call<SettagReply>('POST', '/device/settag', { token, body: { id: d.id, tag_id: tagId, value } });

const log = async (d: TestDevice) =>
  (await server.call<TagWriteLogReply>('GET', `/device/settag/log?id=${d.id}`, { token: team.token })).body
    .data;

describe('settag', () => {
  it('round trip: cmd settag with an id, the device answers, the write is logged with old and new value', async () => {
    const d = await device((cmd) => ({ id: cmd.id, ok: true, result: { applied: true } }));
    const ts = Date.now() + 1_000;
    await d.data({ ts, v: { [team.tags.speed]: 10 } });
    const res = await settag(d, team.tags.speed, 1200);
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        device_id: d.id,
        tag_id: team.tags.speed,
        value: 1200,
        old_value: 10,
        result: { applied: true },
      },
    });
    expect(d.received).toHaveLength(1);
    expect(d.received[0]).toMatchObject({ op: 'settag', args: { tagId: team.tags.speed, value: 1200 } });
    // The id names the server that sent it (an answer reaching another server is forwarded there).
    expect(d.received[0]!.id).toMatch(/^[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{12}$/);

    // BOOL as true/false on the wire; UINT64 beyond 2^53 as exact text; STRING on a write-only tag.
    await settag(d, team.tags.counter, '18446744073709551615');
    await settag(d, team.tags.recipe, 'PET-1L');
    expect(d.received.slice(1).map((c) => (c.op === 'settag' ? c.args.value : null))).toEqual([
      '18446744073709551615',
      'PET-1L',
    ]);
    const entries = await log(d);
    expect(entries.total).toBe(3);
    expect(entries.list[2]).toMatchObject({
      tag_id: team.tags.speed,
      tag_name: 'speed',
      user_id: team.main.profile.dbuser_id,
      old_value: 10,
      new_value: 1200,
      outcome: 'ok',
      code: null,
    });
    expect(entries.list[2]!.finished_at).toBeGreaterThanOrEqual(entries.list[2]!.created_at);
  });

  it('refuses an offline device (1038) and a device whose config is not synced (2002)', async () => {
    const d = await device();
    await server.app.db.updateTable('devices').set({ sync_state: 0 }).where('id', '=', d.id).execute();
    expect((await settag(d, team.tags.speed, 1)).body.code).toBe(ErrorCode.E2002_SETTAG_TEMPLATE_NOT_SYNCED);
    await d.client.publishAsync(deviceTopic(d.sn, 'state'), JSON.stringify({ online: false }), {
      qos: 1,
      retain: true,
    });
    await eventually(
      () =>
        server.app.db.selectFrom('devices').select('online').where('id', '=', d.id).executeTakeFirstOrThrow(),
      (r) => r.online === 0,
      'offline',
    );
    expect((await settag(d, team.tags.speed, 1)).body).toMatchObject({
      code: ErrorCode.E1038_DEVICE_OFFLINE,
      msg: StringErrorCode.E_DEV_OFFLINE,
    });
    expect(d.received).toHaveLength(0);
  });

  it('refuses a read-only tag, values out of the type range, unknown tags', async () => {
    const d = await device();
    const ro = await settag(d, team.tags.running, true);
    expect(ro.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ path: 'tag_id', message: 'validation.settag.readOnly' }] },
    });
    for (const [tag, value] of [
      [team.tags.speed, 70_000],
      [team.tags.speed, -1],
      [team.tags.speed, 1.5],
      [team.tags.speed, 'abc'],
      [team.tags.temp, 'hot'],
      [team.tags.temp, 1e40],
      [team.tags.temp, '-3.5e38'],
      [team.tags.counter, '18446744073709551616'],
      [team.tags.recipe, 12],
    ] as const) {
      const res = await settag(d, tag, value);
      expect(res.body, `${tag} = ${value}`).toMatchObject({
        code: ErrorCode.E1006_BAD_PARAMETER,
        msg: StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE,
        data: { fields: [{ path: 'value', message: StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE }] },
      });
    }
    expect((await settag(d, team.tags.speed, 70_000)).body.data).toMatchObject({
      fields: [{ params: { type: 'UINT16', min: '0', max: '65535' } }],
    });
    // REAL is 32-bit: beyond FLT_MAX is out of range (1e40 fits a double, not a REAL).
    expect((await settag(d, team.tags.temp, 1e40)).body.data).toMatchObject({
      fields: [{ params: { type: 'REAL', min: '-3.4028234663852886e+38', max: '3.4028234663852886e+38' } }],
    });
    expect((await settag(d, 999_999, 1)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect(d.received).toHaveLength(0);
    expect((await log(d)).total).toBe(0);
  });

  it('answers 2003 ETIMEDOUT when the device does not answer, and logs the timeout', async () => {
    const d = await device(() => undefined);
    const started = Date.now();
    const res = await settag(d, team.tags.speed, 5);
    expect(res.body).toMatchObject({ code: ErrorCode.E2003_NETWORK, msg: StringErrorCode.ETIMEDOUT });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(d.received).toHaveLength(1);
    expect((await log(d)).list[0]).toMatchObject({ outcome: 'timeout', new_value: 5 });
    expect(server.app.services.commands.size).toBe(0);
  });

  it('maps the device refusals: 2002 not synced, 1006 read-only on the device, 1007 failed', async () => {
    const codes = [2002, 4, 5];
    const d = await device((cmd) => ({ id: cmd.id, ok: false, code: codes.shift() }));
    expect((await settag(d, team.tags.speed, 1)).body).toMatchObject({
      code: ErrorCode.E2002_SETTAG_TEMPLATE_NOT_SYNCED,
      data: { device_code: 2002 },
    });
    expect((await settag(d, team.tags.speed, 1)).body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect((await settag(d, team.tags.speed, 1)).body.code).toBe(ErrorCode.E1007_SERVER);
    expect((await log(d)).list.map((e) => [e.outcome, e.code])).toEqual([
      ['refused', 5],
      ['refused', 4],
      ['refused', 2002],
    ]);
  });

  it('answers 1038 when the device disconnects before answering', async () => {
    const d = await device((cmd) => {
      // Dropped, not closed: the broker (or an external one, through the Last Will) says so.
      setTimeout(() => d.client.stream.destroy(), 10);
      void cmd;
      return undefined;
    });
    expect((await settag(d, team.tags.speed, 1)).body.code).toBe(ErrorCode.E1038_DEVICE_OFFLINE);
  });

  it('needs device monitor (1002) and the device in the data scope (1003)', async () => {
    const d = await device();
    const noMonitor = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceView],
      deviceIds: [d.id],
    });
    expect((await settag(d, team.tags.speed, 1, noMonitor.tokens.token)).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );
    const noScope = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceMonitor],
      deviceIds: [],
    });
    expect((await settag(d, team.tags.speed, 1, noScope.tokens.token)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    const other = await teamWithTemplate(server);
    expect((await settag(d, team.tags.speed, 1, other.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const allowed = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceMonitor],
      deviceIds: [d.id],
    });
    expect((await settag(d, team.tags.speed, 1, allowed.tokens.token)).body.code).toBe(0);
    expect(d.received).toHaveLength(1);
  });
});
