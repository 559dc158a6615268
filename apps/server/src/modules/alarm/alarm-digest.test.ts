import { AlarmType, Perm, type DataSample } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubAccount } from '../../../test/factories.ts';
import { readMails } from '../../../test/outbox.ts';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, teamWithTemplate } from '../ingest/live-data-test-helpers.ts';
import { busRecorder, insertRule, messagesOf, recordsOf } from './alarm-test-helpers.ts';

/*
 * Alarm floods (issue 24): the notification interval of a rule on a device (default 10 min),
 * the digest of the raises collected in it, and flapping, end to end on the database (SQLite, or
 * PostgreSQL with DATABASE_URL). Records keep every raise; messages and mails are collapsed. The
 * interval's end is not waited for: the test hands the engine a later time (`sendDigests(at)`).
 */
let server: TestServer;
const clients: MqttClient[] = [];
const MIN = 60_000;

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', ...NO_BILLING });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server?.close();
});

async function setup(name: string) {
  const team = await teamWithTemplate(server);
  const teamId = team.main.profile.team_id;
  const d = await connectDevice(server, team.token, team.template.id);
  clients.push(d.client);
  const watcher = await createSubAccount(server, team.main, {
    permissions: [Perm.DeviceAlarm],
    deviceIds: [d.id],
  });
  await server.call('POST', '/msg/notify/settings', {
    token: watcher.tokens.token,
    body: { mail_levels: 31 },
  });
  await insertRule(server, {
    teamId,
    templateId: team.template.id,
    tagId: team.tags.speed,
    type: AlarmType.High,
    value: '80',
    deadband: '5',
    level: 8,
    name,
  });
  const t0 = Date.now();
  let i = 0;
  /** One value as the device; resolves once the engine committed what it caused. */
  const send = async (speed: number) => {
    await d.data({ ts: t0 + ++i * 1000, v: { [team.tags.speed]: speed } } satisfies DataSample);
    await server.app.services.alarmEngine.idle();
  };
  const mails = async () =>
    (await readMails(server.dataDir)).filter((m) => m.to.includes(watcher.email) && m.subject.includes(name));
  /** Two users (main, watcher) see the device: each notification is one message per user. */
  const notifications = async () => (await messagesOf(server, d.id)).length / 2;
  return { d, send, mails, notifications, watcher };
}

const engine = () => server.app.services.alarmEngine;

describe('alarm notification interval', () => {
  it('a rule that raised and recovered within the interval notifies once; the rest come as one digest', async () => {
    const { d, send, mails, notifications } = await setup('overspeed_a');
    const bus = busRecorder(server);
    await send(90); // raise: notified
    await send(50); // recover
    await send(90); // raise again within the interval: recorded, collected
    await send(50);
    await server.app.services.alarmMailer.idle();
    expect(await recordsOf(server, d.id)).toHaveLength(2);
    expect(await notifications()).toBe(1);
    expect(await mails()).toHaveLength(1);
    // Both raises reach the sockets (state), the second marked as not notified.
    const raised = bus.alarms.filter((e) => e.event === 'raised' && e.deviceId === d.id);
    expect(raised.map((e) => e.notified)).toEqual([true, false]);
    bus.stop();

    // Before the interval ends nothing more is sent.
    expect(await engine().sendDigests(Date.now() + 5 * MIN)).toBe(0);
    // When it ends: one digest message per user and one digest mail, naming the collected raise.
    expect(await engine().sendDigests(Date.now() + 11 * MIN)).toBe(1);
    await server.app.services.alarmMailer.idle();
    const messages = await messagesOf(server, d.id);
    expect(messages).toHaveLength(4);
    const records = await recordsOf(server, d.id);
    expect(messages.slice(2).every((m) => m.alarm_record_id === records[1]!.id)).toBe(true);
    const digest = messages.slice(2).find((m) => m.title.includes('raised again'))!;
    expect(digest.title).toMatch(/\[Severe\] .+: overspeed_a raised again 1×$/);
    expect(digest.body).toContain('in the last 11 min');
    expect(digest.body).not.toContain('flapping');
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toMatch(/overspeed_a raised again 1×$/);
    // A digest is sent once.
    expect(await engine().sendDigests(Date.now() + 12 * MIN)).toBe(0);
  });

  it('a flapping rule: every raise recorded, one notification, one digest marked flapping, then a longer window', async () => {
    const { d, send, mails, notifications } = await setup('overspeed_b');
    for (let k = 0; k < 5; k++) {
      await send(95);
      await send(40);
    }
    await server.app.services.alarmMailer.idle();
    expect(await recordsOf(server, d.id)).toHaveLength(5);
    expect(await notifications()).toBe(1);
    expect(await mails()).toHaveLength(1);

    const end = Date.now() + 10 * MIN + 1_000;
    expect(await engine().sendDigests(end)).toBe(1);
    await server.app.services.alarmMailer.idle();
    expect(await notifications()).toBe(2);
    const [, digest] = await mails();
    expect(digest!.subject).toMatch(/overspeed_b raised again 4×$/);
    expect(digest!.text).toContain('The alarm is flapping');

    // Still flapping after the digest: collected again, and the next window is twice as long.
    await send(95);
    await send(40);
    expect(await notifications()).toBe(2);
    expect(await engine().sendDigests(end + 11 * MIN)).toBe(0);
    expect(await engine().sendDigests(end + 21 * MIN)).toBe(1);
    expect(await notifications()).toBe(3);
    expect(await recordsOf(server, d.id)).toHaveLength(6);
  });
});
