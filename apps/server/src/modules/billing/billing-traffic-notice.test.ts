import { GIB, messageTexts, Perm } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { dueTrafficEvent } from './billing-notifier.ts';
import { activateCard, issueTestCard } from './billing-test-helpers.ts';

/*
 * Remote Access traffic at 80 % and 100 % of a card's gigabytes, announced by the billing
 * messages job once per card and event to the main account and the members with 23. Bytes go
 * through the traffic ledger's record(), as the remote access sessions report them.
 */
describe('dueTrafficEvent', () => {
  it('is the latest threshold reached', () => {
    expect(dueTrafficEvent(0, 10)).toBeUndefined();
    expect(dueTrafficEvent(8 * GIB - 1, 10)).toBeUndefined();
    expect(dueTrafficEvent(8 * GIB, 10)).toBe('traffic80');
    expect(dueTrafficEvent(10 * GIB - 1, 10)).toBe('traffic80');
    expect(dueTrafficEvent(10 * GIB, 10)).toBe('traffic100');
    expect(dueTrafficEvent(20 * GIB, 10)).toBe('traffic100');
    expect(dueTrafficEvent(5, 0)).toBeUndefined();
  });
});

let server: TestServer;
beforeAll(async () => {
  // The job's timer never fires during the test (the passes are run by hand).
  server = await startDeviceTestServer({ BILLING_JOB_MS: String(3_600_000) });
});
afterAll(async () => server?.close());

describe('billing messages job: Remote Access traffic', () => {
  it('posts traffic80 then traffic100 once per member, in their language', { timeout: 60_000 }, async () => {
    const main = await createActiveUser(server);
    const reader = await createSubAccount(server, main, { permissions: [Perm.MsgBillingView] });
    const other = await createSubAccount(server, main, { permissions: [Perm.AccountView] });
    const db = server.app.db;
    const { billingNotifier, trafficLedger } = server.app.services;
    const idOf = async (email: string) =>
      (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const readerId = await idOf(reader.email);
    await db.updateTable('users').set({ lang: 'zh-tw' }).where('id', '=', readerId).execute();

    const device = await buildDevice(server, main.tokens.token);
    const card = await activateCard(
      server,
      main.tokens.token,
      'ra',
      await issueTestCard(server, { type: 'ra', gigabytes: 2 }),
    );
    const res = await server.call('POST', '/billing/ra/allocate', {
      token: main.tokens.token,
      body: { card_id: card.id, device_id: device.id },
    });
    expect(res.body).toMatchObject({ code: 0 });
    const billingOf = (userId: number) =>
      db
        .selectFrom('messages')
        .select(['title', 'body'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'billing')
        .orderBy('id')
        .execute();

    // 80 % of 2 GiB is 1,717,986,918.4 bytes: one byte short of it, nothing yet.
    await trafficLedger.record(device.id, { up: GIB, down: 644_245_093 });
    expect(await billingNotifier.run()).toBe(0);
    // 80 %: one event, and a second pass adds nothing.
    await trafficLedger.record(device.id, { up: 0, down: 2 });
    expect(await billingNotifier.run()).toBe(1);
    expect(await billingNotifier.run()).toBe(0);
    const en = messageTexts['en-us'].billing;
    const mainMessages = await billingOf(main.profile.dbuser_id);
    expect(mainMessages).toHaveLength(1);
    expect(mainMessages[0]!.title).toBe(`Your ${en.cardType.ra} ${card.number} has used 80% of its traffic`);
    expect(mainMessages[0]!.body).toContain('1.60 GB of its 2 GB');
    expect(mainMessages[0]!.body).toContain(device.name);

    // 100 % (the rest of the report is beyond the card: still counted in the month).
    await trafficLedger.record(device.id, { up: GIB, down: 0 });
    expect(await billingNotifier.run()).toBe(1);
    expect(await billingNotifier.run()).toBe(0);
    await trafficLedger.record(device.id, { up: GIB, down: 0 });
    expect(await billingNotifier.run()).toBe(0);

    const titles = (await billingOf(main.profile.dbuser_id)).map((m) => m.title);
    expect(titles).toEqual([
      `Your ${en.cardType.ra} ${card.number} has used 80% of its traffic`,
      `Your ${en.cardType.ra} ${card.number} has used all its traffic`,
    ]);
    const tw = messageTexts['zh-tw'].billing;
    const readerMessages = await billingOf(readerId);
    expect(readerMessages).toHaveLength(2);
    expect(readerMessages[1]!.title).toBe(`您的${tw.cardType.ra} ${card.number} 流量已用完`);
    expect(await billingOf(await idOf(other.email))).toHaveLength(0);
    const events = await db
      .selectFrom('billing_events')
      .select('event')
      .where('card_id', '=', card.id)
      .orderBy('event')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['traffic100', 'traffic80']);
  });

  it(
    'announces only 100 % when a card goes from below 80 % to used up between passes',
    { timeout: 60_000 },
    async () => {
      const main = await createActiveUser(server);
      const device = await buildDevice(server, main.tokens.token);
      const card = await activateCard(
        server,
        main.tokens.token,
        'ra',
        await issueTestCard(server, { type: 'ra', gigabytes: 1 }),
      );
      await server.call('POST', '/billing/ra/allocate', {
        token: main.tokens.token,
        body: { card_id: card.id, device_id: device.id },
      });
      await server.app.services.trafficLedger.record(device.id, { up: GIB, down: 0 });
      expect(await server.app.services.billingNotifier.run()).toBe(1);
      const messages = await server.app.db
        .selectFrom('messages')
        .select('title')
        .where('user_id', '=', main.profile.dbuser_id)
        .where('kind', '=', 'billing')
        .execute();
      expect(messages.map((m) => m.title)).toEqual([
        `Your ${messageTexts['en-us'].billing.cardType.ra} ${card.number} has used all its traffic`,
      ]);
    },
  );
});
