import {
  AlarmType,
  Perm,
  type DataSample,
  type MessageCounts,
  type MessageListReply,
  type NotifyEvent,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSubAccount } from '../../../test/factories.ts';
import { readMails } from '../../../test/outbox.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { insertRule } from '../alarm/alarm-test-helpers.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, teamWithTemplate } from '../ingest/live-data-test-helpers.ts';
import { sleep, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * From the device to the mailbox: a plain MQTT client drives a value across an alarm limit; the
 * alarm engine raises, repeats, recovers; the message centre, the counts, the notify socket and
 * the alarm mails each show every raise exactly once, to the right users only.
 */
let server: TestServer;
const clients: MqttClient[] = [];
const sockets: WebSocket[] = [];
beforeAll(async () => {
  server = await startDeviceTestServer({
    INGEST_BATCH_MS: '10',
    // Every raise mails here; the notification interval has its suite (alarm/alarm-digest.test.ts).
    ALARM_NOTIFY_INTERVAL_MS: '0',
  });
});
afterAll(async () => {
  sockets.forEach((s) => s.terminate());
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server?.close();
});

function notifySocket(token: string) {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/v1/ws/notify?token=${encodeURIComponent(token)}`,
  );
  sockets.push(ws);
  const frames: NotifyEvent[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as NotifyEvent));
  const ready = (async () => {
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'ping' }));
    await waitUntil(() => frames.some((f) => f.type === 'pong'), 5_000, 'pong');
  })();
  return { frames, ready };
}

const counts = async (token: string) =>
  (await server.call<MessageCounts>('GET', '/msg/notify/count', { token })).body.data;

describe('alarm notifications end to end', () => {
  it('mails, lists, counts and pushes each raise exactly once, to the users of the device only', async () => {
    const team = await teamWithTemplate(server);
    const teamId = team.main.profile.team_id;
    const d = await connectDevice(server, team.token, team.template.id);
    clients.push(d.client);
    const watcher = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceAlarm],
      deviceIds: [d.id],
    });
    const blind = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceAlarm],
      deviceIds: [],
    });
    // Every level by mail for the watcher; the main account keeps the default (severe | critical);
    // the blind one asks for every level but cannot see the device.
    for (const token of [watcher.tokens.token, blind.tokens.token]) {
      await server.call('POST', '/msg/notify/settings', { token, body: { mail_levels: 31 } });
    }
    await insertRule(server, {
      teamId,
      templateId: team.template.id,
      tagId: team.tags.speed,
      type: AlarmType.High,
      value: '80',
      deadband: '5',
      level: 4,
      name: 'overspeed',
      content: 'Speed {value} on {device}',
    });
    const sockets = {
      main: notifySocket(team.token),
      watcher: notifySocket(watcher.tokens.token),
      blind: notifySocket(blind.tokens.token),
    };
    await Promise.all(Object.values(sockets).map((s) => s.ready));
    const t0 = Date.now();
    const send = async (i: number, speed: number) => {
      await d.data({ ts: t0 + i * 1000, v: { [team.tags.speed]: speed } } satisfies DataSample);
      await server.app.services.alarmEngine.idle();
    };
    const alarmMails = async (email: string) =>
      (await readMails(server.dataDir)).filter(
        (m) => m.to.includes(email) && m.subject.includes('overspeed'),
      );

    await send(0, 50);
    await send(1, 85); // raise
    await send(1, 85); // a redelivery
    await send(2, 78); // inside the deadband
    await send(3, 90); // repeat
    await server.app.services.alarmMailer.idle();

    // Level 4 (moderate): the watcher (all levels) gets a mail, the main account (8 | 16) does not.
    const first = await alarmMails(watcher.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toMatch(/^HMI Cloud: \[Moderate\] alarm on .+ - overspeed$/);
    expect(first[0]!.text).toContain('Value: 85');
    expect(await alarmMails(team.main.email)).toEqual([]);
    expect(await alarmMails(blind.email)).toEqual([]);

    // The message centre: one message each for main and watcher, with the open record.
    const list = await server.call<MessageListReply>('GET', '/msg/notify?kind=alarm&state=1', {
      token: watcher.tokens.token,
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]!.alarm).toMatchObject({
      rule_name: 'overspeed',
      state: 1,
      times: 2,
      value: '85',
    });
    expect((await counts(team.token)).unread.alarm).toBe(1);
    expect((await counts(watcher.tokens.token)).unread.alarm).toBe(1);
    expect((await counts(blind.tokens.token)).unread.alarm).toBe(0);

    // Acknowledged by the watcher, then back to normal: no more mails; the message follows the record.
    const recordId = list.body.data.list[0]!.alarm!.id;
    const ack = await server.call('POST', '/alarm/record/ack', {
      token: watcher.tokens.token,
      body: { ids: [recordId] },
    });
    expect(ack.body.code).toBe(0);
    await send(4, 70); // recover
    await server.app.services.alarmMailer.idle();
    expect(await alarmMails(watcher.email)).toHaveLength(1);
    const after = await server.call<MessageListReply>('GET', '/msg/notify?kind=alarm&state=4', {
      token: team.token,
    });
    expect(after.body.data.list.map((m) => m.alarm?.id)).toEqual([recordId]);

    // A new crossing is a new raise: a new mail, a new message.
    await send(5, 95);
    await server.app.services.alarmMailer.idle();
    expect(await alarmMails(watcher.email)).toHaveLength(2);
    expect((await counts(watcher.tokens.token)).unread.alarm).toBe(2);

    // The sockets: alarm frames in order for main and watcher, counts after each raise; nothing for the blind one.
    await sleep(200);
    const alarmsOf = (frames: NotifyEvent[]) => frames.flatMap((f) => (f.type === 'alarm' ? [f.event] : []));
    expect(alarmsOf(sockets.watcher.frames)).toEqual(['raised', 'repeated', 'acked', 'recovered', 'raised']);
    expect(alarmsOf(sockets.main.frames)).toEqual(['raised', 'repeated', 'acked', 'recovered', 'raised']);
    expect(alarmsOf(sockets.blind.frames)).toEqual([]);
    const countsOf = (frames: NotifyEvent[]) => frames.filter((f) => f.type === 'counts').length;
    // One on connect, one per raise.
    expect(countsOf(sockets.watcher.frames)).toBe(3);
    expect(countsOf(sockets.blind.frames)).toBe(1);
    const raised = sockets.watcher.frames.find((f) => f.type === 'alarm');
    expect(raised).toMatchObject({
      type: 'alarm',
      event: 'raised',
      level: 4,
      record: { id: recordId, state: 1 },
    });
    // Every delivery logged once.
    const log = await server.app.db
      .selectFrom('notify_deliveries')
      .select(['user_id', 'ok', 'alarm_record_id'])
      .where('team_id', '=', teamId)
      .where('kind', '=', 'alarm')
      .execute();
    expect(log).toHaveLength(2);
    expect(log.every((r) => Number(r.ok) === 1)).toBe(true);
  });
});
