import { messageTexts, Perm } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteHandle } from '../../db/create-database.ts';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { activateCard, issueTestCard } from './billing-test-helpers.ts';
import { dueEvent } from './billing-notifier.ts';

const DAY = 86_400_000;

describe('dueEvent', () => {
  it('is the latest event a card is due for', () => {
    const at = 100 * DAY;
    expect(dueEvent(at, at - 31 * DAY)).toBeUndefined();
    expect(dueEvent(at, at - 30 * DAY)).toBe('expiring30');
    expect(dueEvent(at, at - 7 * DAY - 1)).toBe('expiring30');
    expect(dueEvent(at, at - 7 * DAY)).toBe('expiring7');
    expect(dueEvent(at, at)).toBe('expired');
    expect(dueEvent(at, at + 31 * DAY)).toBeUndefined();
  });
});

/*
 * Two servers on one database (the SQLite file of the first, or its PostgreSQL schema), each
 * with its own billing clock and job, run the job at the same time: each event once.
 */
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  // The timers never fire during the test (the passes are run by hand).
  const env = { BILLING_JOB_MS: String(3_600_000) };
  a = await startTestServer(env);
  const app = await startTestServer({
    ...env,
    DATA_DIR: a.dataDir,
    MQTT_CLIENT_ID: 'hmi-billing-test-b',
    ...(a.config.databaseSchema ? { DATABASE_SCHEMA: a.config.databaseSchema } : {}),
  });
  // Closing b must leave a's directory and schema: only its app closes.
  b = { ...app, close: () => app.app.close() };
  // On SQLite both connections live in this one process: the one that waits for the file's write
  // lock blocks the process, so the holder cannot finish and the wait always lasts the whole busy
  // timeout (5 s in production) before the loser leaves the event. A short one decides the same
  // way (the loser gives up, the winner posts), 15 s sooner over the passes below.
  for (const server of [a, b]) sqliteHandle(server.app.db)?.pragma('busy_timeout = 250');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('billing messages job', () => {
  it(
    'posts each expiry event once to the main account and the members with 23, in their language',
    {
      timeout: 60_000,
    },
    async () => {
      const main = await createActiveUser(a);
      const reader = await createSubAccount(a, main, { permissions: [Perm.MsgBillingView] });
      const other = await createSubAccount(a, main, { permissions: [Perm.AccountView] });
      const db = a.app.db;
      const idOf = async (email: string) =>
        (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      const readerId = await idOf(reader.email);
      await db.updateTable('users').set({ lang: 'zh-cn' }).where('id', '=', readerId).execute();
      const ca = await activateCard(a, main.tokens.token, 'ca', await issueTestCard(a, { type: 'ca' }));
      const expiry = ca.expires_at!;
      const ra = await activateCard(a, main.tokens.token, 'ra', await issueTestCard(a, { type: 'ra' }));
      // The RA card expires later: announced by the last passes only.
      await db
        .updateTable('cards')
        .set({ expires_at: expiry + 60 * DAY })
        .where('id', '=', ra.id)
        .execute();

      const bothRun = async (at: number) => {
        a.app.services.billingClock.set(at);
        b.app.services.billingClock.set(at);
        const [x, y] = await Promise.all([
          a.app.services.billingNotifier.run(),
          b.app.services.billingNotifier.run(),
        ]);
        return x + y;
      };
      const billingOf = async (userId: number) =>
        db
          .selectFrom('messages')
          .select(['title', 'body'])
          .where('user_id', '=', userId)
          .where('kind', '=', 'billing')
          .orderBy('id')
          .execute();

      expect(await bothRun(expiry - 40 * DAY)).toBe(0);
      // Three events of the CA card, each once, whatever the number of passes and servers. (On
      // SQLite the two in one process contend for the file's write lock: the loser waits for the
      // busy timeout, then leaves the event to the winner.)
      expect(await bothRun(expiry - 20 * DAY)).toBe(1);
      expect(await bothRun(expiry - 20 * DAY)).toBe(0);
      expect(await bothRun(expiry - 3 * DAY)).toBe(1);
      expect(await bothRun(expiry + 3_600_000)).toBe(1);
      expect(await bothRun(expiry + 2 * 3_600_000)).toBe(0);
      // The RA card 7 days before its expiry (the CA expiry is then over 30 days old: not again).
      expect(await a.app.services.billingNotifier.run()).toBe(0);
      a.app.services.billingClock.set(expiry + 55 * DAY);
      expect(await a.app.services.billingNotifier.run()).toBe(1);

      const mainMessages = await billingOf(main.profile.dbuser_id);
      expect(mainMessages).toHaveLength(4);
      const en = messageTexts['en-us'].billing;
      expect(mainMessages[0]!.title).toBe(`Your ${en.cardType.ca} ${ca.number} expires in 20 days`);
      expect(mainMessages[2]!.title).toMatch(/has expired$/);
      expect(mainMessages[3]!.title).toBe(`Your ${en.cardType.ra} ${ra.number} expires in 5 days`);
      const readerMessages = await billingOf(readerId);
      expect(readerMessages).toHaveLength(4);
      expect(readerMessages[0]!.title).toContain(messageTexts['zh-cn'].billing.cardType.ca);
      expect(await billingOf(await idOf(other.email))).toHaveLength(0);
      expect(
        await db.selectFrom('billing_events').selectAll().where('card_id', '=', ca.id).execute(),
      ).toHaveLength(3);
    },
  );
});
