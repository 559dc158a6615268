import type { AlarmRecord } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/test-server.ts';
import { InProcessBus } from '../../plugins/bus.ts';
import type { AlarmEvent } from '../alarm/index.ts';
import { recordMailFacts } from '../alarm/index.ts';
import type { Mailer, OutgoingMail } from '../../plugins/mail.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { insertAlarmRecord } from '../alarm/alarm-test-helpers.ts';
import { createActiveUserDirect } from '../messages/message-test-helpers.ts';
import { RateLimiter } from '../verification/index.ts';
import { AlarmMailer, alarmMailDefaults, type AlarmMailSettings } from './alarm-mailer.ts';
import { DeliveryRepo } from './delivery.repo.ts';
import { MailOutboxRepo } from './mail-outbox.repo.ts';

/*
 * The alarm mailer on its own (the server's database, a mailer of the test's making): the
 * per-user cap, never holding up the publisher, failures logged, closing. Mails are put in the
 * outbox as the alarm writer puts them (MailOutboxRepo.add); the server's own mailer is stopped
 * so that only the test's claims them.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startDeviceTestServer();
  await server.app.services.alarmMailer.stop();
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
  const outbox = new MailOutboxRepo(server.app.db);
  const newMailer = (m: Mailer = mailer, claimer = 'test-server') =>
    new AlarmMailer(
      {
        outbox,
        deliveries: new DeliveryRepo(server.app.db),
        limiter: new RateLimiter(server.app.db),
        mailer: m,
        link: 'http://console.test/#/message/msgAlarm',
        claimer,
        log: server.app.log,
      },
      { ...alarmMailDefaults, ...settings },
    );
  const alarms = newMailer();
  const raised = (record: AlarmRecord): AlarmEvent => ({
    teamId: user.teamId,
    deviceId: device.id,
    event: 'raised',
    record,
    userIds: [user.userId],
  });
  /** The outbox rows of a raise, as the alarm writer writes them in the raise's transaction. */
  const queue = (record: AlarmRecord) =>
    outbox.add(server.app.db, {
      kind: 'alarm',
      teamId: user.teamId,
      recordId: record.id,
      level: record.level,
      userIds: [user.userId],
      facts: recordMailFacts(record),
    });
  const record = (level = 16) => insertAlarmRecord(server, user.teamId, device.id, { level });
  const log = () =>
    server.app.db
      .selectFrom('notify_deliveries')
      .select(['ok', 'error', 'alarm_record_id'])
      .where('user_id', '=', user.userId)
      .orderBy('id')
      .execute();
  const mine = (sent: OutgoingMail[]) => sent.filter((m) => m.to === user.email);
  return { user, alarms, newMailer, raised, queue, record, log, mine };
}

describe('alarm mailer', () => {
  it('caps the mails to one user per minute; the rest are logged as skipped', async () => {
    const fake = fakeMailer();
    const t = await setup({ perUserPerMinute: 2 }, fake.mailer);
    const records = [await t.record(), await t.record(8), await t.record(), await t.record()];
    for (const r of records) await t.queue(r);
    await t.alarms.idle();
    expect(t.mine(fake.sent)).toHaveLength(2);
    const log = await t.log();
    expect(log).toHaveLength(4);
    expect(log.filter((d) => Number(d.ok) === 1)).toHaveLength(2);
    for (const skipped of log.filter((d) => Number(d.ok) === 0)) {
      expect(skipped.error).toBe('skipped: more than 2 alarm mails a minute to this user');
    }
    expect(new Set(log.map((d) => Number(d.alarm_record_id)))).toEqual(new Set(records.map((r) => r.id)));
    // The cap holds across servers: another claimer's mails to the user count in the same minute.
    const other = t.newMailer(fake.mailer, 'another-server');
    await t.queue(await t.record());
    await other.idle();
    expect(t.mine(fake.sent)).toHaveLength(2);
    expect(await t.log()).toHaveLength(5);
    await Promise.all([t.alarms.stop(), other.stop()]);
  });

  it('never holds up the publisher: the bus returns while the mail server is still busy', async () => {
    const fake = fakeMailer({ gated: true });
    const t = await setup({}, fake.mailer);
    const bus = new InProcessBus();
    const detach = t.alarms.attach(bus);
    const r = await t.record();
    await t.queue(r);
    const started = performance.now();
    bus.publish('alarm.event', t.raised(r));
    expect(performance.now() - started).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.sent).toHaveLength(0);
    expect(await t.log()).toHaveLength(0);
    fake.open();
    await t.alarms.idle();
    expect(t.mine(fake.sent)).toHaveLength(1);
    expect(fake.sent[0]!.to).toBe(t.user.email);
    detach();
    await t.alarms.stop();
  });

  it('is woken by the raise this server published, without waiting for its poll', async () => {
    const fake = fakeMailer();
    const t = await setup({ pollMs: 60_000 }, fake.mailer);
    const bus = new InProcessBus();
    const detach = t.alarms.attach(bus);
    await t.alarms.idle();
    const r = await t.record();
    await t.queue(r);
    bus.publish('alarm.event', t.raised(r));
    const until = Date.now() + 2_000;
    while (t.mine(fake.sent).length === 0 && Date.now() < until)
      await new Promise((res) => setTimeout(res, 10));
    expect(t.mine(fake.sent)).toHaveLength(1);
    detach();
    await t.alarms.stop();
  });

  it('logs a failing transport as failed with its error and keeps mailing later events', async () => {
    const failing = fakeMailer({ fail: 'Greeting never received' });
    const t = await setup({}, failing.mailer);
    const first = await t.record();
    await t.queue(first);
    await t.alarms.idle();
    expect(await t.log()).toEqual([{ ok: 0, error: 'Greeting never received', alarm_record_id: first.id }]);
    // A failed attempt is an attempt: the same raise is not tried again (exactly once)...
    expect(await t.queue(first)).toBe(0);
    await t.alarms.idle();
    expect(await t.log()).toHaveLength(1);
    // ...a new raise is.
    await t.queue(await t.record());
    await t.alarms.idle();
    expect(await t.log()).toHaveLength(2);
    await t.alarms.stop();
  });

  it('drops nothing: a backlog larger than a batch is mailed in batches', async () => {
    // (Before the outbox, events beyond an in-memory queue limit were dropped.)
    const fake = fakeMailer({ gated: true });
    const t = await setup({ batchSize: 1, concurrency: 1 }, fake.mailer);
    const rs = [await t.record(), await t.record(), await t.record()];
    for (const r of rs) await t.queue(r);
    const idle = t.alarms.idle();
    fake.open();
    await idle;
    expect(t.mine(fake.sent)).toHaveLength(3);
    expect((await t.log()).map((d) => Number(d.alarm_record_id))).toEqual(rs.map((r) => r.id));
    await t.alarms.stop();
  });

  it('once stopped, claims nothing more and gives back the mails it had not started, for another server', async () => {
    const fake = fakeMailer({ gated: true });
    const t = await setup({ concurrency: 1, drainMs: 50 }, fake.mailer);
    const rs = [await t.record(), await t.record()];
    for (const r of rs) await t.queue(r);
    void t.alarms.idle();
    // The first is being mailed (held at the gate), the second claimed and waiting.
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      const claimed = await server.app.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('user_id', '=', t.user.userId)
        .where('state', '=', 'claimed')
        .execute();
      if (claimed.length === 2) break;
      await new Promise((res) => setTimeout(res, 10));
    }
    await t.alarms.stop();
    const third = await t.record();
    await t.queue(third);
    fake.open();
    await t.alarms.idle();
    expect(t.mine(fake.sent)).toHaveLength(1);
    expect((await t.log()).map((d) => Number(d.alarm_record_id))).toEqual([rs[0]!.id]);
    // Nothing is lost: another server (or this one restarted) sends the rest at once.
    const next = fakeMailer();
    const other = t.newMailer(next.mailer, 'another-server');
    await other.idle();
    expect(t.mine(next.sent)).toHaveLength(2);
    expect((await t.log()).map((d) => Number(d.alarm_record_id))).toEqual([rs[0]!.id, rs[1]!.id, third.id]);
    await other.stop();
  });
});
