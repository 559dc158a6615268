import { AlarmType, type AlarmRecord } from '@hmi/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/test-server.ts';
import { createDatabase } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import type { Mailer, OutgoingMail } from '../../plugins/mail.ts';
import { alarmWriterWith, insertAlarmRecord, insertRule } from '../alarm/alarm-test-helpers.ts';
import { recordMailFacts, type AlarmMailOutbox } from '../alarm/index.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { teamWithTemplate } from '../ingest/live-data-test-helpers.ts';
import { createActiveUserDirect } from '../messages/message-test-helpers.ts';
import { RateLimiter } from '../verification/index.ts';
import { AlarmMailer, alarmMailDefaults, alarmMessageId, type AlarmMailSettings } from './alarm-mailer.ts';
import { DeliveryRepo } from './delivery.repo.ts';
import { MailOutboxRepo } from './mail-outbox.repo.ts';

/*
 * The mail outbox across servers (issue 27): two mailers over the same database, each through its
 * own connection(s) as two servers are, never send one mail twice; a claimer that dies leaves its
 * mails to the other after the lease, and a resend carries the same Message-ID; a raise that rolls
 * back leaves no mail. On SQLite by default, on PostgreSQL with DATABASE_URL (SKIP LOCKED).
 */
let server: TestServer;
/**
 * The second server's database handle: on PostgreSQL its own pool, as another server has. SQLite
 * is the one-server column: a second server on the file is not a deployment (and two connections
 * in one process would block each other's synchronous busy waits), so there both mailers share
 * the server's connection and each claim is one atomic `update ... returning`.
 */
let otherDb: Kysely<Database>;
let ownPool: Kysely<Database> | undefined;
beforeAll(async () => {
  server = await startDeviceTestServer();
  // Only the test's mailers claim.
  await server.app.services.alarmMailer.stop();
  ownPool = server.config.databaseUrl ? createDatabase(server.config).db : undefined;
  otherDb = ownPool ?? server.app.db;
});
afterAll(async () => {
  await ownPool?.destroy();
  await server?.close();
});

const LINK = 'http://console.test/#/message/msgAlarm';

/** A mailer that records mails (with a little latency, so sends of two servers interleave). */
function recordingMailer(delayMs = 0) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    async sendMail(mail) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * delayMs));
      sent.push(mail);
    },
    async sendSms() {},
  };
  return { mailer, sent };
}

function mailerOn(
  db: Kysely<Database>,
  claimer: string,
  mailer: Mailer,
  settings: Partial<AlarmMailSettings> = {},
) {
  return new AlarmMailer(
    {
      outbox: new MailOutboxRepo(db),
      deliveries: new DeliveryRepo(db),
      limiter: new RateLimiter(db),
      mailer,
      link: LINK,
      claimer,
      log: server.app.log,
    },
    { ...alarmMailDefaults, ...settings },
  );
}

/** `n` users of one team who want every level, a device, and a way to queue a record's mails. */
async function team(n: number) {
  const main = await createActiveUserDirect(server);
  const device = await buildDevice(server, main.token);
  const userIds = [main.userId];
  for (let i = 1; i < n; i++) {
    const now = Date.now();
    const { id } = await server.app.db
      .insertInto('users')
      .values({
        team_id: main.teamId,
        is_main: 0,
        role_id: null,
        email: `outbox-${main.userId}-${i}@example.test`,
        phone: null,
        area_code: null,
        name: `u${i}`,
        password_hash: 'x',
        status: 'active',
        data_center: server.config.region,
        lang: 'en-us',
        activated_at: now,
        closed_at: null,
        created_at: now,
        updated_at: now,
        alarm_mail_levels: 31,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(Number(id));
  }
  await server.app.db
    .updateTable('users')
    .set({ alarm_mail_levels: 31 })
    .where('id', '=', main.userId)
    .execute();
  const outbox = new MailOutboxRepo(server.app.db);
  const queue = (record: AlarmRecord) =>
    outbox.add(server.app.db, {
      kind: 'alarm',
      teamId: main.teamId,
      recordId: record.id,
      level: record.level,
      userIds,
      facts: recordMailFacts(record),
    });
  const record = () => insertAlarmRecord(server, main.teamId, device.id, { level: 16 });
  const rows = () =>
    server.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('team_id', '=', main.teamId)
      .orderBy('id')
      .execute();
  const log = () =>
    server.app.db
      .selectFrom('notify_deliveries')
      .select(['user_id', 'alarm_record_id', 'ok'])
      .where('team_id', '=', main.teamId)
      .where('kind', '=', 'alarm')
      .execute();
  return { main, device, userIds, queue, record, rows, log };
}

describe('mail outbox', () => {
  it('two servers claiming the same outbox at once send each of 200 mails exactly once', async () => {
    const t = await team(20);
    for (let i = 0; i < 10; i++) expect(await t.queue(await t.record())).toBe(20);
    const a = recordingMailer(1);
    const b = recordingMailer(1);
    const settings = { batchSize: 2, concurrency: 2, perUserPerMinute: 1_000 };
    const one = mailerOn(server.app.db, 'server-a', a.mailer, settings);
    const two = mailerOn(otherDb, 'server-b', b.mailer, settings);
    await Promise.all([one.idle(), two.idle(), one.idle(), two.idle()]);

    const all = [...a.sent, ...b.sent];
    expect(all).toHaveLength(200);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(200);
    // Both took part (the claims interleaved); neither sent what the other did.
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    const rows = await t.rows();
    expect(rows.map((r) => r.state)).toEqual(Array(200).fill('sent'));
    expect(rows.every((r) => Number(r.attempts) === 1)).toBe(true);
    const log = await t.log();
    expect(log).toHaveLength(200);
    expect(new Set(log.map((d) => `${d.user_id}:${d.alarm_record_id}`)).size).toBe(200);
    await Promise.all([one.stop(), two.stop()]);
  });

  it('a claimer that dies after claiming leaves its mails to another server once the lease runs out', async () => {
    const t = await team(3);
    await t.queue(await t.record());
    // Server A claims and dies before sending (a claim with no send, no mark).
    const dead = await new MailOutboxRepo(server.app.db).claim('dead-server', 50, 300);
    expect(dead.filter((m) => t.userIds.includes(m.userId))).toHaveLength(3);

    const b = recordingMailer();
    const other = mailerOn(otherDb, 'server-b', b.mailer);
    await other.idle();
    expect(b.sent).toHaveLength(0); // still leased to A
    await new Promise((resolve) => setTimeout(resolve, 350));
    await other.idle();
    expect(b.sent.map((m) => m.to).sort()).toHaveLength(3);
    const rows = await t.rows();
    expect(rows.map((r) => [r.state, r.claimed_by, Number(r.attempts)])).toEqual(
      Array(3).fill(['sent', 'server-b', 2]),
    );
    expect(await t.log()).toHaveLength(3);
    await other.stop();
  });

  it('a server that dies mid-send: the mail is sent again after the lease with the same Message-ID, logged once', async () => {
    const t = await team(1);
    const record = await t.record();
    await t.queue(record);
    // Server A hands the mail to its SMTP server and dies before marking it sent.
    const handedOver: OutgoingMail[] = [];
    const dying: Mailer = {
      sendMail: (mail) => {
        handedOver.push(mail);
        return new Promise<void>(() => undefined);
      },
      async sendSms() {},
    };
    const a = mailerOn(server.app.db, 'server-a', dying, { leaseMs: 300, drainMs: 10 });
    void a.idle();
    const until = Date.now() + 2_000;
    while (handedOver.length === 0 && Date.now() < until) await new Promise((res) => setTimeout(res, 10));
    expect(handedOver).toHaveLength(1);
    await a.stop();

    const b = recordingMailer();
    const other = mailerOn(otherDb, 'server-b', b.mailer);
    await other.idle();
    expect(b.sent).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await other.idle();
    expect(b.sent).toHaveLength(1);
    // The same mail, recognisably: the same Message-ID, derived from the outbox key.
    expect(b.sent[0]!.messageId).toBe(handedOver[0]!.messageId);
    expect(b.sent[0]!.messageId).toBe(
      alarmMessageId({ kind: 'alarm', recordId: record.id, userId: t.main.userId }, 'console.test'),
    );
    expect(b.sent[0]!.messageId).toBe(`<alarm-${record.id}-${t.main.userId}@console.test>`);
    expect(b.sent[0]!.subject).toBe(handedOver[0]!.subject);
    expect(await t.log()).toEqual([{ user_id: t.main.userId, alarm_record_id: record.id, ok: 1 }]);
    await other.stop();
  });

  it('writes the mails of a raise in its transaction: a raise that rolls back leaves none', async () => {
    const tt = await teamWithTemplate(server);
    const teamId = tt.main.profile.team_id;
    await server.app.db
      .updateTable('users')
      .set({ alarm_mail_levels: 31 })
      .where('team_id', '=', teamId)
      .execute();
    const device = await buildDevice(server, tt.token, { template_id: tt.template.id });
    const ruleId = await insertRule(server, {
      teamId,
      templateId: tt.template.id,
      tagId: tt.tags.temp,
      type: AlarmType.High,
      value: '50',
      level: 8,
      name: 'outbox_rule',
    });
    const rule = {
      id: ruleId,
      teamId,
      groupId: null,
      name: 'outbox_rule',
      level: 8,
      tagId: tt.tags.temp,
      tagName: 'temp',
      type: AlarmType.High,
      content: '',
    };
    const real = new MailOutboxRepo(server.app.db);
    const added: number[] = [];
    const failing: AlarmMailOutbox = {
      async add(db, intent) {
        added.push(await real.add(db, intent));
        throw new Error('the commit fails after the mails were written');
      },
    };
    const writerWith = (mails: AlarmMailOutbox) => alarmWriterWith(server, mails);
    const dev = { id: device.id, teamId, name: device.name };
    const outboxOf = () =>
      server.app.db
        .selectFrom('mail_outbox')
        .innerJoin('alarm_records', 'alarm_records.id', 'mail_outbox.alarm_record_id')
        .select(['mail_outbox.user_id', 'mail_outbox.kind', 'mail_outbox.state'])
        .where('alarm_records.device_id', '=', device.id)
        .execute();

    await expect(writerWith(failing).raise(dev, rule, 70, Date.now())).rejects.toThrow(/commit fails/);
    expect(added).toEqual([1]); // the row was written, inside the transaction...
    expect(await outboxOf()).toEqual([]); // ...and went with it
    expect(
      await server.app.db
        .selectFrom('alarm_records')
        .select('id')
        .where('device_id', '=', device.id)
        .execute(),
    ).toEqual([]);

    // The same raise committing: its mail is there, for the main account who wants level 8.
    const id = await writerWith(real).raise(dev, rule, 70, Date.now());
    expect(await outboxOf()).toEqual([
      { user_id: tt.main.profile.dbuser_id, kind: 'alarm', state: 'pending' },
    ]);
    const row = await server.app.db
      .selectFrom('mail_outbox')
      .select('payload')
      .where('alarm_record_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload)).toMatchObject({
      level: 8,
      device: device.name,
      rule: 'outbox_rule',
      value: '70',
    });
  });
});
