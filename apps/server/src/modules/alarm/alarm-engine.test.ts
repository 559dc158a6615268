import {
  AlarmType,
  deviceTopic,
  Perm,
  type AlarmDeviceStatus,
  type DataSample,
  type DeviceOverview,
  type MessageCounts,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSubAccount } from '../../../test/factories.ts';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildTemplate, startDeviceTestServer } from '../device/device-test-factories.ts';
import {
  connectDevice,
  eventually,
  teamWithTemplate,
  type TestDevice,
} from '../ingest/live-data-test-helpers.ts';
import { InProcessBus } from '../../plugins/bus.ts';
import { dataEvent } from '../history-store/index.ts';
import { connectedDevice } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { AlarmEngine } from './alarm-engine.ts';
import { AlarmNotifyGate } from './alarm-notify-gate.ts';
import { notifyDefaults } from './alarm-notify-policy.ts';
import { AlarmWriter } from './alarm-writer.ts';
import { AlarmRepo } from './alarm.repo.ts';
import {
  busRecorder,
  insertRule,
  messagesOf,
  recordsOf,
  restart,
  rulesChanged,
} from './alarm-test-helpers.ts';

/*
 * The alarm engine end to end: a plain MQTT client publishes values as the device (embedded
 * broker, or MQTT_URL), the engine evaluates the committed live values, and records, messages,
 * counts and bus events are read back. Rules are inserted directly and announced on the bus.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({
    INGEST_BATCH_MS: '10',
    ...NO_BILLING,
    // Every raise notifies here; the notification interval has its suite (alarm-digest.test.ts).
    ALARM_NOTIFY_INTERVAL_MS: '0',
  });
  team = await teamWithTemplate(server);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

const teamId = () => team.main.profile.team_id;

async function device(): Promise<TestDevice & { name: string }> {
  const d = await connectDevice(server, team.token, team.template.id);
  clients.push(d.client);
  const { name } = await server.app.db
    .selectFrom('devices')
    .select('name')
    .where('id', '=', d.id)
    .executeTakeFirstOrThrow();
  return { ...d, name: name! };
}

/** Publishes as the device and waits until the engine committed what the values caused. */
async function send(
  d: { data(p: DataSample | DataSample[]): Promise<unknown> },
  p: DataSample | DataSample[],
) {
  await d.data(p);
  await server.app.services.alarmEngine.idle();
}

const counts = async (token: string) =>
  (await server.call<MessageCounts>('GET', '/msg/notify/count', { token })).body.data;

describe('alarm engine', () => {
  it('raises, repeats and recovers exactly once per crossing; one message per user in scope', async () => {
    const d = await device();
    const other = await buildDevice(server, team.token, { template_id: team.template.id });
    const inScope = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceAlarm],
      deviceIds: [d.id],
    });
    const outOfScope = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceAlarm],
      deviceIds: [other.id],
    });
    await server.app.db
      .updateTable('users')
      .set({ lang: 'zh-cn' })
      .where('email', '=', inScope.email)
      .execute();
    const ruleId = await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.speed,
      type: AlarmType.High,
      value: '80',
      deadband: '5',
      level: 16,
      name: 'overspeed',
      content: 'Speed {value} on {device} ({tag}, {name})',
    });
    const bus = busRecorder(server);
    const before = await counts(team.token);
    const t0 = Date.now();
    const at = (i: number, speed: number): DataSample => ({
      ts: t0 + i * 1000,
      v: { [team.tags.speed]: speed },
    });

    await send(d, at(0, 50));
    expect(await recordsOf(server, d.id)).toEqual([]);
    await send(d, at(1, 85)); // raise
    await send(d, at(2, 85)); // the same value again
    await send(d, at(1, 85)); // a redelivery of the raising sample
    await send(d, at(3, 78)); // inside the deadband
    await send(d, at(4, 90)); // back in the condition: repeat
    await send(d, at(5, 82)); // still in

    let records = await recordsOf(server, d.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      rule_id: ruleId,
      rule_name: 'overspeed',
      state: 1,
      value: '85',
      last_value: '90',
      times: 2,
      raised_at: t0 + 1000,
      recovered_at: null,
      level: 16,
      type: AlarmType.High,
      tag_id: team.tags.speed,
      tag_name: 'speed',
    });
    expect(records[0]!.content).toBe(`Speed 85 on ${d.name} (speed, overspeed)`);

    const mainId = team.main.profile.dbuser_id;
    const messages = await messagesOf(server, d.id);
    expect(messages).toHaveLength(2);
    const subId = messages.find((m) => m.user_id !== mainId)!.user_id!;
    expect(messages.map((m) => m.user_id).sort()).toEqual([mainId, subId].sort());
    expect(messages.find((m) => m.user_id === mainId)!.title).toBe(`[Critical] ${d.name}: overspeed`);
    expect(messages.find((m) => m.user_id === subId)!.title).toBe(`【紧急】${d.name}：overspeed`);
    expect(messages.every((m) => m.body === records[0]!.content)).toBe(true);

    const after = await counts(team.token);
    expect(after.unread.alarm - before.unread.alarm).toBe(1);
    expect((await counts(inScope.tokens.token)).unread.alarm).toBe(1);
    expect((await counts(outOfScope.tokens.token)).unread.alarm).toBe(0);

    expect(bus.alarms.map((e) => e.event)).toEqual(['raised', 'repeated']);
    expect(bus.alarms[0]!.userIds.sort()).toEqual([mainId, subId].sort());
    expect(bus.alarms[0]!.record).toMatchObject({
      id: records[0]!.id,
      state: 1,
      times: 1,
      device_name: d.name,
    });
    expect(bus.alarms[1]!.record).toMatchObject({ times: 2, last_value: '90' });
    expect(bus.messages).toEqual([{ teamId: teamId(), userIds: bus.alarms[0]!.userIds }]);

    await send(d, at(6, 74)); // below limit - deadband: recover
    await send(d, at(7, 60));
    records = await recordsOf(server, d.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ state: 4, recovered_at: t0 + 6000, last_value: '74', times: 2 });
    expect(bus.alarms.map((e) => e.event)).toEqual(['raised', 'repeated', 'recovered']);

    await send(d, at(8, 80)); // a new crossing: a new record and new messages
    records = await recordsOf(server, d.id);
    expect(records.map((r) => [r.state, r.times])).toEqual([
      [4, 2],
      [1, 1],
    ]);
    expect(await messagesOf(server, d.id)).toHaveLength(4);
    expect((await counts(team.token)).unread.alarm - before.unread.alarm).toBe(2);
    bus.stop();
  });

  it('keeps the open alarm across a restart: no duplicate, no loss, recovers later', async () => {
    const d = await device();
    await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.temp,
      type: AlarmType.Low,
      value: '10',
      deadband: '1',
    });
    const t0 = Date.now();
    const raising = { ts: t0, v: { [team.tags.temp]: 5 } };
    await send(d, raising);
    const [open] = await recordsOf(server, d.id);
    expect(open).toMatchObject({ state: 1, times: 1 });
    const mailsBefore = (await messagesOf(server, d.id)).length;
    expect(mailsBefore).toBe(1);
    const unreadBefore = (await counts(team.token)).unread.alarm;

    await d.client.endAsync(true);
    server = await restart(server);
    expect([...server.app.services.alarmEngine.openOf(d.id).values()]).toEqual([open!.id]);
    const client = await connectedDevice(server.app.deviceMqttUrl, d.sn, d.secret);
    clients.push(client);
    const publish = async (p: DataSample) => {
      await client.publishAsync(deviceTopic(d.sn, 'data'), JSON.stringify(p), { qos: 1 });
      await eventually(
        async () =>
          server.app.db
            .selectFrom('history_frames')
            .select('ts')
            .where('device_id', '=', d.id)
            .where('ts', '=', p.ts)
            .execute(),
        (rows) => rows.length > 0,
        'the sample stored',
      );
      await server.app.services.alarmEngine.idle();
    };
    const bus = busRecorder(server);
    await publish(raising); // redelivered after the restart
    await publish({ ts: t0 + 1000, v: { [team.tags.temp]: 4 } }); // still low
    await publish({ ts: t0 + 2000, v: { [team.tags.temp]: 10.5 } }); // deadband
    let records = await recordsOf(server, d.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: open!.id, state: 1, times: 1 });
    expect(await messagesOf(server, d.id)).toHaveLength(mailsBefore);
    expect((await counts(team.token)).unread.alarm).toBe(unreadBefore);
    await publish({ ts: t0 + 3000, v: { [team.tags.temp]: 9 } }); // re-entered: repeat
    await publish({ ts: t0 + 4000, v: { [team.tags.temp]: 11.5 } }); // recovered
    records = await recordsOf(server, d.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: open!.id, state: 4, times: 2, recovered_at: t0 + 4000 });
    expect(bus.alarms.map((e) => e.event)).toEqual(['repeated', 'recovered']);
    bus.stop();
  });

  it('neither raises nor clears on offline, online or backfill', async () => {
    const d = await device();
    await d.goOnlineAndSync();
    await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.running,
      type: AlarmType.On,
      value: '1',
    });
    const t0 = Date.now();
    await send(d, { ts: t0, v: { [team.tags.running]: true } });
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 1, times: 1 }]);

    // The device drops (its Last Will reports it offline), comes back, back-fills the gap.
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
    await server.app.services.alarmEngine.idle();
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 1, recovered_at: null }]);
    await d.goOnlineAndSync();
    await send(d, [
      { ts: t0 + 1000, v: { [team.tags.running]: false }, hist: true },
      { ts: t0 + 2000, v: { [team.tags.running]: true }, hist: true },
    ]);
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 1, times: 1, recovered_at: null }]);
    await send(d, { ts: t0 + 3000, v: { [team.tags.running]: 0 } });
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 4, recovered_at: t0 + 3000 }]);
  });

  it('compares UINT64 limits exactly and records the exact value', async () => {
    const d = await device();
    await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.counter,
      type: AlarmType.HighHigh,
      value: '18446744073709551615',
    });
    const t0 = Date.now();
    await send(d, { ts: t0, v: { [team.tags.counter]: '18446744073709551614' } });
    expect(await recordsOf(server, d.id)).toEqual([]);
    await send(d, { ts: t0 + 1, v: { [team.tags.counter]: '18446744073709551615' } });
    expect(await recordsOf(server, d.id)).toMatchObject([{ value: '18446744073709551615', state: 1 }]);
  });

  it('keeps open records on a rule edit and closes them when the rule is deleted', async () => {
    const d = await device();
    const ruleId = await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.temp,
      type: AlarmType.HighHigh,
      value: '100',
    });
    const t0 = Date.now();
    await send(d, { ts: t0, v: { [team.tags.temp]: 150 } });
    const [record] = await recordsOf(server, d.id);
    expect(record).toMatchObject({ state: 1, rule_id: ruleId });

    await server.app.db.updateTable('alarm_rules').set({ value: '120' }).where('id', '=', ruleId).execute();
    await rulesChanged(server, teamId(), team.template.id);
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 1 }]);
    await send(d, { ts: t0 + 1, v: { [team.tags.temp]: 110 } }); // below the new limit: recovers
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 4 }]);
    await send(d, { ts: t0 + 2, v: { [team.tags.temp]: 130 } });
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 4 }, { state: 1 }]);

    const bus = busRecorder(server);
    await server.app.db.deleteFrom('alarm_rules').where('id', '=', ruleId).execute();
    await rulesChanged(server, teamId(), team.template.id);
    const records = await recordsOf(server, d.id);
    expect(records.map((r) => [r.state, r.rule_id])).toEqual([
      [4, null],
      [4, null],
    ]);
    expect(records[1]!.recovered_at).toBeGreaterThan(0);
    expect(bus.alarms.map((e) => [e.event, e.record.id])).toEqual([['recovered', records[1]!.id]]);
    // Values of the tag no longer raise anything.
    await send(d, { ts: t0 + 3, v: { [team.tags.temp]: 500 } });
    expect(await recordsOf(server, d.id)).toHaveLength(2);
    bus.stop();
  });

  it('closes the alarms of the old template when the device changes template, and of a device that left', async () => {
    const d = await device();
    await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.speed,
      type: AlarmType.High,
      value: '10',
    });
    await send(d, { ts: Date.now(), v: { [team.tags.speed]: 20 } });
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 1 }]);

    const other = await buildTemplate(server, team.token, { tags: [{ name: 'level', data_type: 1, rw: 2 }] });
    const moved = await server.call('POST', '/device/template', {
      token: team.token,
      body: { ids: [d.id], template_id: other.id },
    });
    expect(moved.body.code).toBe(0);
    const bus = busRecorder(server);
    // The device acknowledges its new config; its next values are of the new template.
    server.app.bus.publish('device.act', {
      teamId: teamId(),
      act: { device_id: d.id, ts: Date.now(), act: 'sync' },
    });
    server.app.bus.publish(
      'device.data',
      dataEvent(d.id, teamId(), [{ tagId: other.tags[0]!.id, ts: Date.now(), value: 1 }]),
    );
    await server.app.services.alarmEngine.idle();
    expect(await recordsOf(server, d.id)).toMatchObject([{ state: 4 }]);
    expect(bus.alarms.map((e) => e.event)).toEqual(['recovered']);
    bus.stop();

    // A device unbound from the team: its open alarms close with it.
    const gone = await device();
    await send(gone, { ts: Date.now(), v: { [team.tags.speed]: 30 } });
    expect(await recordsOf(server, gone.id)).toMatchObject([{ state: 1 }]);
    const unbind = await server.call('POST', '/device/unbind', {
      token: team.token,
      body: { ids: [gone.id] },
    });
    expect(unbind.body.code).toBe(0);
    expect(await recordsOf(server, gone.id)).toMatchObject([{ state: 4 }]);
    expect((await recordsOf(server, gone.id))[0]!.recovered_at).toBeGreaterThan(0);
  });

  it('shows the 0/1 alarm status of every tag and counts alarming devices in the overview', async () => {
    const d = await device();
    await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.speed,
      type: AlarmType.LargeDeviation,
      target: '100',
      deviation: '10',
    });
    const overview0 = (await server.call<DeviceOverview>('GET', '/device/overview', { token: team.token }))
      .body.data;
    await send(d, { ts: Date.now(), v: { [team.tags.speed]: 120 } });
    const status = await server.call<AlarmDeviceStatus>('GET', `/alarm/device/status?device_id=${d.id}`, {
      token: team.token,
    });
    expect(status.body.data.device_id).toBe(d.id);
    expect(status.body.data.tags).toEqual(
      Object.fromEntries(Object.values(team.tags).map((id) => [String(id), id === team.tags.speed ? 1 : 0])),
    );
    const overview1 = (await server.call<DeviceOverview>('GET', '/device/overview', { token: team.token }))
      .body.data;
    expect(overview1.alarm).toBe(overview0.alarm + 1);

    // A sub-account sees only its devices' alarms; monitor permission 47 is needed.
    const sub = await createSubAccount(server, team.main, { permissions: [Perm.DeviceView], deviceIds: [] });
    expect(
      (await server.call('GET', `/alarm/device/status?device_id=${d.id}`, { token: sub.tokens.token })).body
        .code,
    ).toBe(1002);
    const monitor = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceMonitor, Perm.DeviceView],
    });
    expect(
      (await server.call('GET', `/alarm/device/status?device_id=${d.id}`, { token: monitor.tokens.token }))
        .body.code,
    ).toBe(1003);
    expect(
      (await server.call<DeviceOverview>('GET', '/device/overview', { token: monitor.tokens.token })).body
        .data.alarm,
    ).toBe(0);
  });

  it('runs standalone on its own bus (as the benchmarks drive it)', async () => {
    const d = await device();
    const ruleId = await insertRule(server, {
      teamId: teamId(),
      templateId: team.template.id,
      tagId: team.tags.temp,
      type: AlarmType.SmallDeviation,
      target: '20',
      deviation: '0.5',
      deadband: '0.5',
    });
    const bus = new InProcessBus();
    const errors: unknown[] = [];
    const repo = new AlarmRepo(server.app.db, server.app.services.scopes);
    const writer = new AlarmWriter(server.app.db, repo, bus, Date.now, new AlarmNotifyGate(notifyDefaults));
    const engine = new AlarmEngine({ repo, writer, bus, log: { error: (e) => errors.push(e) } });
    await engine.start();
    const events: string[] = [];
    bus.subscribe('alarm.event', (e) => events.push(e.event));
    const t0 = Date.now();
    const value = (ts: number, v: number) =>
      bus.publish('device.data', dataEvent(d.id, teamId(), [{ tagId: team.tags.temp, ts, value: v }]));
    value(t0, 25);
    value(t0 + 1, 20.2); // raise
    value(t0 + 2, 20.7); // deadband
    value(t0 + 3, 19.8); // repeat
    value(t0 + 4, 21.5); // recover
    await engine.stop();
    expect(errors).toEqual([]);
    expect(events).toEqual(['raised', 'repeated', 'recovered']);
    expect(await recordsOf(server, d.id)).toMatchObject([
      {
        rule_id: ruleId,
        state: 4,
        times: 2,
        value: '20.2',
        last_value: '21.5',
        raised_at: t0 + 1,
        recovered_at: t0 + 4,
      },
    ]);
  });
});
