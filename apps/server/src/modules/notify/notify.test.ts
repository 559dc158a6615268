import type { AlarmRecord, DeliveryListReply, NotifyDelivery, NotifySettings } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import { readMails } from '../../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { recordMailFacts, type AlarmEvent } from '../alarm/index.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { insertAlarmRecord } from '../alarm/alarm-test-helpers.ts';
import { createActiveUserDirect, userIdOf } from '../messages/message-test-helpers.ts';
import { MailOutboxRepo } from './mail-outbox.repo.ts';

/*
 * Notification settings, the test mail, the delivery log and the alarm mails against the real
 * server (file outbox; a dead SMTP server for failures). Alarm events are published on the bus
 * as the alarm engine publishes them, with records written to the database and, for a raise, its
 * mails written to the mail outbox as the alarm writer writes them (`raise`).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startDeviceTestServer();
});
afterAll(async () => server?.close());

const settingsOf = (token: string) => server.call<NotifySettings>('GET', '/msg/notify/settings', { token });
const save = (token: string, body: unknown) =>
  server.call<NotifySettings>('POST', '/msg/notify/settings', { token, body });
const sendTest = (s: TestServer, token: string) =>
  s.call<NotifyDelivery>('POST', '/msg/notify/test', { token });
const deliveries = (s: TestServer, token: string, query = '') =>
  s.call<DeliveryListReply>('GET', `/msg/notify/deliveries${query}`, { token });
const mailsTo = async (s: TestServer, email: string) =>
  (await readMails(s.dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
/**
 * What the alarm writer does for a raise: its mails into the outbox (for the named users of the
 * team who want the level), then the event after the commit (which wakes the server's mailer).
 */
async function raise(s: TestServer, e: AlarmEvent): Promise<void> {
  await new MailOutboxRepo(s.app.db).add(s.app.db, {
    kind: 'alarm',
    teamId: e.teamId,
    recordId: e.record.id,
    level: e.record.level,
    userIds: e.userIds,
    facts: recordMailFacts(e.record),
  });
  s.app.bus.publish('alarm.event', e);
}
const setLevels = (s: TestServer, email: string, mask: number, lang?: string) =>
  s.app.db
    .updateTable('users')
    .set({ alarm_mail_levels: mask, ...(lang ? { lang } : {}) })
    .where('email', '=', email)
    .execute();

describe('notification settings', () => {
  it('reads and saves the caller’s mask of mailed alarm levels (default severe | critical) with the address', async () => {
    const main = await createActiveUser(server);
    const sub = await createSubAccount(server, main, { permissions: [] });
    expect((await settingsOf(main.tokens.token)).body.data).toEqual({ mail_levels: 24, email: main.email });

    const saved = await save(main.tokens.token, { mail_levels: 17, email: 'someone@else.test' });
    // The address is the account's own: a posted one is ignored.
    expect(saved.body.data).toEqual({ mail_levels: 17, email: main.email });
    expect((await settingsOf(main.tokens.token)).body.data.mail_levels).toBe(17);
    expect((await save(main.tokens.token, { mail_levels: 0 })).body.data.mail_levels).toBe(0);
    expect((await settingsOf(sub.tokens.token)).body.data).toEqual({ mail_levels: 24, email: sub.email });

    for (const body of [
      {},
      { mail_levels: 32 },
      { mail_levels: -1 },
      { mail_levels: 1.5 },
      { mail_levels: '8' },
    ]) {
      const res = await save(main.tokens.token, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 1006 });
    }
    expect((await settingsOf(main.tokens.token)).body.data.mail_levels).toBe(0);
    expect((await server.call('GET', '/msg/notify/settings')).body.code).toBe(1008);
  });
});

describe('test mail and delivery log', () => {
  it('sends a test mail to the outbox in the user’s language, logs it and rate-limits the button (1036)', async () => {
    const main = await createActiveUser(server, { lang: 'zh-tw' });
    await save(main.tokens.token, { mail_levels: 31 });
    const res = await sendTest(server, main.tokens.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      channel: 'email',
      kind: 'test',
      destination: main.email,
      subject: 'HMI 雲平台：測試通知郵件',
      ok: true,
      error: null,
      alarm_record_id: null,
    });
    const mails = await mailsTo(server, main.email);
    expect(mails.map((m) => m.subject)).toContain('HMI 雲平台：測試通知郵件');
    const mail = mails.find((m) => m.subject === 'HMI 雲平台：測試通知郵件')!;
    expect(mail.text).toContain('緊急, 重要, 一般, 次要, 提示');
    expect(mail.text).toContain('/#/system/profile');

    const again = await sendTest(server, main.tokens.token);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 429, code: 1036 });
    const log = (await deliveries(server, main.tokens.token)).body.data;
    expect(log.total).toBe(1);
    expect(log.list[0]).toEqual(res.body.data);
  });

  it('refuses a caller without an email with 1031 and logs nothing', async () => {
    const main = await createActiveUser(server);
    const sub = await createSubAccount(server, main, { permissions: [] });
    await server.app.db
      .updateTable('users')
      .set({ email: null, phone: '13900000000' })
      .where('email', '=', sub.email)
      .execute();
    expect((await settingsOf(sub.tokens.token)).body.data).toEqual({ mail_levels: 24, email: null });
    const res = await sendTest(server, sub.tokens.token);
    expect({ status: res.status, code: res.body.code, data: res.body.data }).toEqual({
      status: 403,
      code: 1031,
      data: { reason: 'no_email' },
    });
    expect((await deliveries(server, sub.tokens.token)).body.data).toEqual({ list: [], total: 0 });
  });

  it('pages the caller’s own log, newest first', async () => {
    const main = await createActiveUser(server);
    const other = await createActiveUser(server);
    const userId = main.profile.dbuser_id;
    const base = Date.now() - 10_000;
    await server.app.db
      .insertInto('notify_deliveries')
      .values(
        [0, 1, 2, 3, 4].map((i) => ({
          team_id: main.profile.team_id,
          user_id: userId,
          channel: 'email' as const,
          kind: 'alarm' as const,
          destination: main.email,
          subject: `s${i}`,
          ok: (i % 2) as 0 | 1,
          error: i % 2 ? null : 'boom',
          alarm_record_id: null,
          created_at: base + i,
        })),
      )
      .execute();
    const page = (await deliveries(server, main.tokens.token, '?page=2&page_size=2')).body.data;
    expect(page.total).toBe(5);
    expect(page.list.map((d) => [d.subject, d.ok, d.error])).toEqual([
      ['s2', false, 'boom'],
      ['s1', true, null],
    ]);
    expect((await deliveries(server, other.tokens.token)).body.data.total).toBe(0);
    expect((await deliveries(server, main.tokens.token, '?page_size=101')).body.code).toBe(1006);
  });

  it('logs a test mail that the SMTP server refuses as failed, with the error', async () => {
    const broken = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      // Activation mails cannot go out either: the account is written active.
      const main = await createActiveUserDirect(broken);
      const res = await sendTest(broken, main.token);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({ kind: 'test', ok: false });
      expect(res.body.data.error).toMatch(/ECONNREFUSED|connect/i);
      expect((await deliveries(broken, main.token)).body.data.list).toEqual([res.body.data]);
    } finally {
      await broken.close();
    }
  });
});

describe('alarm mails', () => {
  /** Alarm mails of the scenario's rule to an address (not the activation mail). */
  const alarmMailsTo = async (email: string) =>
    (await mailsTo(server, email)).filter((m) => m.subject.includes('Overheat'));
  async function scenario() {
    const main = await createActiveUser(server);
    const teamId = main.profile.team_id;
    const severe = await createSubAccount(server, main, { permissions: [] });
    const minorOnly = await createSubAccount(server, main, { permissions: [] });
    const chinese = await createSubAccount(server, main, { permissions: [] });
    await setLevels(server, main.email, 8);
    await setLevels(server, severe.email, 31);
    await setLevels(server, minorOnly.email, 1);
    await setLevels(server, chinese.email, 8, 'zh-cn');
    const outsider = await createActiveUser(server);
    await setLevels(server, outsider.email, 31);
    const device = await buildDevice(server, main.tokens.token, { name: 'Boiler_1' });
    const record = await insertAlarmRecord(server, teamId, device.id, {
      level: 8,
      ruleName: 'Overheat',
      content: 'Boiler temperature 98.5 over 90',
      value: '98.5',
    });
    const ids = {
      main: main.profile.dbuser_id,
      severe: await userIdOf(server, severe.email),
      minorOnly: await userIdOf(server, minorOnly.email),
      chinese: await userIdOf(server, chinese.email),
      outsider: outsider.profile.dbuser_id,
    };
    const event = (
      e: AlarmEvent['event'],
      r: AlarmRecord = record,
      userIds = Object.values(ids),
    ): AlarmEvent => ({
      teamId,
      deviceId: device.id,
      event: e,
      record: r,
      userIds,
    });
    return { main, severe, minorOnly, chinese, outsider, device, record, ids, event, teamId };
  }

  it('mails each named user of the team whose levels match, exactly once per raise, in their language', async () => {
    const s = await scenario();
    await raise(server, s.event('raised'));
    await server.app.services.alarmMailer.idle();

    const toMain = await alarmMailsTo(s.main.email);
    expect(toMain).toHaveLength(1);
    expect(toMain[0]!.subject).toBe('HMI Cloud: [Severe] alarm on Boiler_1 - Overheat');
    expect(toMain[0]!.text).toContain('Content: Boiler temperature 98.5 over 90');
    expect(toMain[0]!.text).toContain('Value: 98.5');
    expect(toMain[0]!.text).toContain(`Time: ${new Date(s.record.raised_at).toISOString().slice(0, 10)}`);
    expect(toMain[0]!.text).toContain(`${server.config.publicUrl}/#/message/msgAlarm`);
    // Its Message-ID names the outbox key, so a resend after a crash is recognisably the same mail.
    expect(toMain[0]!.messageId).toBe(
      `<alarm-${s.record.id}-${s.ids.main}@${new URL(server.config.publicUrl).hostname}>`,
    );
    expect(await alarmMailsTo(s.severe.email)).toHaveLength(1);
    expect((await alarmMailsTo(s.chinese.email)).map((m) => m.subject)).toEqual([
      'HMI 云平台：【重要】报警 Boiler_1 - Overheat',
    ]);
    // Level 1 only: no mail; another team's user named by mistake: no mail.
    expect(await alarmMailsTo(s.minorOnly.email)).toEqual([]);
    expect(await alarmMailsTo(s.outsider.email)).toEqual([]);

    // The same raise again (a redelivered event), and the later events of the record: no more mails.
    await raise(server, s.event('raised'));
    for (const e of ['repeated', 'acked', 'recovered'] as const) {
      server.app.bus.publish('alarm.event', s.event(e));
    }
    await server.app.services.alarmMailer.idle();
    expect(await alarmMailsTo(s.main.email)).toHaveLength(1);
    expect(await alarmMailsTo(s.severe.email)).toHaveLength(1);

    const log = (await deliveries(server, s.main.tokens.token)).body.data;
    expect(log.list).toEqual([
      expect.objectContaining({
        kind: 'alarm',
        ok: true,
        error: null,
        destination: s.main.email,
        alarm_record_id: s.record.id,
        subject: toMain[0]!.subject,
      }),
    ]);
    const rows = await server.app.db
      .selectFrom('notify_deliveries')
      .select(['user_id', 'ok'])
      .where('alarm_record_id', '=', s.record.id)
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => [Number(r.user_id), Number(r.ok)])).toEqual(
      [s.ids.main, s.ids.severe, s.ids.chinese].sort((a, b) => a - b).map((id) => [id, 1]),
    );

    // A new raise of the rule is a new record: mailed again.
    const next = await insertAlarmRecord(server, s.teamId, s.device.id, { level: 8, ruleName: 'Overheat' });
    await raise(server, s.event('raised', next, [s.ids.main]));
    await server.app.services.alarmMailer.idle();
    expect(await alarmMailsTo(s.main.email)).toHaveLength(2);
  });

  it('logs a mail that the SMTP server refuses as failed, and goes on', async () => {
    const broken = await startDeviceTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const { teamId, userId, ...main } = await createActiveUserDirect(broken);
      const device = await buildDevice(broken, main.token);
      const record = await insertAlarmRecord(broken, teamId, device.id, { level: 16 });
      await raise(broken, {
        teamId,
        deviceId: device.id,
        event: 'raised',
        record,
        userIds: [userId],
      });
      await broken.app.services.alarmMailer.idle();
      const log = (await deliveries(broken, main.token)).body.data.list;
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ kind: 'alarm', ok: false, alarm_record_id: record.id });
      expect(log[0]!.error).toMatch(/ECONNREFUSED|connect/i);
      // The server still answers.
      expect((await broken.call('GET', '/msg/notify/count', { token: main.token })).body.code).toBe(0);
    } finally {
      await broken.close();
    }
  });
});
