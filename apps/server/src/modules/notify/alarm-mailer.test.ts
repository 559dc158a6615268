import type { AlarmRecord } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/test-server.ts';
import { InProcessBus } from '../../plugins/bus.ts';
import type { AlarmEvent } from '../alarm/index.ts';
import type { Mailer, OutgoingMail } from '../../plugins/mail.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { insertAlarmRecord } from '../alarm/alarm-test-helpers.ts';
import { createActiveUserDirect } from '../messages/message-test-helpers.ts';
import { AlarmMailer, alarmMailDefaults, type AlarmMailSettings } from './alarm-mailer.ts';
import { DeliveryRepo } from './delivery.repo.ts';

/*
 * The alarm mailer on its own (the server's database, a mailer of the test's making): the
 * per-user cap, never holding up the publisher, failures logged.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startDeviceTestServer();
});
afterAll(async () => server?.close());

/** A mailer that records mails; `gate` holds every send until opened; `fail` makes sends throw. */
function fakeMailer(options: { fail?: string; gated?: boolean } = {}) {
  const sent: OutgoingMail[] = [];
  let open: () => void = () => undefined;
  const gate = options.gated ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve();
  const mailer: Mailer = {
    async sendMail(mail) {
      await gate;
      if (options.fail) throw new Error(options.fail);
      sent.push(mail);
    },
    async sendSms() {},
  };
  return { mailer, sent, open: () => open() };
}

async function setup(settings: Partial<AlarmMailSettings>, mailer: Mailer) {
  const user = await createActiveUserDirect(server);
  await server.app.db
    .updateTable('users')
    .set({ alarm_mail_levels: 31 })
    .where('id', '=', user.userId)
    .execute();
  const device = await buildDevice(server, user.token);
  const alarms = new AlarmMailer(
    new DeliveryRepo(server.app.db),
    mailer,
    'http://console.test/#/message/msgAlarm',
    server.app.log,
    { ...alarmMailDefaults, ...settings },
  );
  const raised = (record: AlarmRecord): AlarmEvent => ({
    teamId: user.teamId,
    deviceId: device.id,
    event: 'raised',
    record,
    userIds: [user.userId],
  });
  const record = (level = 16) => insertAlarmRecord(server, user.teamId, device.id, { level });
  const log = () =>
    server.app.db
      .selectFrom('notify_deliveries')
      .select(['ok', 'error', 'alarm_record_id'])
      .where('user_id', '=', user.userId)
      .orderBy('id')
      .execute();
  return { user, alarms, raised, record, log };
}

describe('alarm mailer', () => {
  it('caps the mails to one user per minute; the rest are logged as skipped', async () => {
    const fake = fakeMailer();
    const t = await setup({ perUserPerMinute: 2 }, fake.mailer);
    const records = [await t.record(), await t.record(8), await t.record(), await t.record()];
    for (const r of records) t.alarms.enqueue(t.raised(r));
    await t.alarms.idle();
    expect(fake.sent).toHaveLength(2);
    const log = await t.log();
    expect(log).toHaveLength(4);
    expect(log.filter((d) => Number(d.ok) === 1)).toHaveLength(2);
    for (const skipped of log.filter((d) => Number(d.ok) === 0)) {
      expect(skipped.error).toBe('skipped: more than 2 alarm mails a minute to this user');
    }
    expect(new Set(log.map((d) => Number(d.alarm_record_id)))).toEqual(new Set(records.map((r) => r.id)));
  });

  it('never holds up the publisher: the bus returns while the mail server is still busy', async () => {
    const fake = fakeMailer({ gated: true });
    const t = await setup({}, fake.mailer);
    const bus = new InProcessBus();
    const detach = t.alarms.attach(bus);
    const r = await t.record();
    const started = performance.now();
    bus.publish('alarm.event', t.raised(r));
    expect(performance.now() - started).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.sent).toHaveLength(0);
    expect(await t.log()).toHaveLength(0);
    fake.open();
    await t.alarms.idle();
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.to).toBe(t.user.email);
    detach();
  });

  it('logs a failing transport as failed with its error and keeps mailing later events', async () => {
    const failing = fakeMailer({ fail: 'Greeting never received' });
    const t = await setup({}, failing.mailer);
    const first = await t.record();
    t.alarms.enqueue(t.raised(first));
    await t.alarms.idle();
    expect(await t.log()).toEqual([{ ok: 0, error: 'Greeting never received', alarm_record_id: first.id }]);
    // A failed attempt is an attempt: the same raise is not tried again (exactly once)...
    t.alarms.enqueue(t.raised(first));
    await t.alarms.idle();
    expect(await t.log()).toHaveLength(1);
    // ...a new raise is.
    t.alarms.enqueue(t.raised(await t.record()));
    await t.alarms.idle();
    expect(await t.log()).toHaveLength(2);
  });

  it('drops events beyond the queue limit', async () => {
    const fake = fakeMailer({ gated: true });
    const t = await setup({ maxQueue: 1, concurrency: 1 }, fake.mailer);
    const rs = [await t.record(), await t.record(), await t.record()];
    // The first is being mailed (held at the gate), the second waits, the third finds the queue full.
    for (const r of rs) t.alarms.enqueue(t.raised(r));
    fake.open();
    await t.alarms.idle();
    expect(fake.sent).toHaveLength(2);
    expect((await t.log()).map((d) => Number(d.alarm_record_id))).toEqual([rs[0]!.id, rs[1]!.id]);
  });

  it('once stopped, takes no events and drops those still waiting after drainMs', async () => {
    const fake = fakeMailer({ gated: true });
    const t = await setup({ concurrency: 1, drainMs: 50 }, fake.mailer);
    const rs = [await t.record(), await t.record()];
    for (const r of rs) t.alarms.enqueue(t.raised(r));
    await t.alarms.stop();
    t.alarms.enqueue(t.raised(await t.record()));
    fake.open();
    await t.alarms.idle();
    expect(fake.sent).toHaveLength(1);
    expect((await t.log()).map((d) => Number(d.alarm_record_id))).toEqual([rs[0]!.id]);
  });
});
