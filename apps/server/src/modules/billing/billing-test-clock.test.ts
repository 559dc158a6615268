import { CardStatus, type MyAccountReply } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { loadConfig } from '../../config.ts';
import { activateCard, issueTestCard } from './billing-test-helpers.ts';

const YEAR = 365 * 86_400_000;

/* The test-only clock route: there with BILLING_TEST_CLOCK=1 only, never in production. */
let on: TestServer;
let off: TestServer;
beforeAll(async () => {
  [on, off] = await Promise.all([startTestServer({ BILLING_TEST_CLOCK: '1' }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

describe('billing test clock', () => {
  it('is refused by the configuration with NODE_ENV=production', () => {
    expect(() =>
      loadConfig({ BILLING_TEST_CLOCK: '1', NODE_ENV: 'production', DATA_DIR: on.dataDir }),
    ).toThrow(/BILLING_TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: on.dataDir }).billingTestClock).toBe(false);
  });

  it('does not exist unless BILLING_TEST_CLOCK is set', async () => {
    const main = await createActiveUser(off);
    const res = await off.call('POST', '/billing/test/clock', {
      token: main.tokens.token,
      body: { advance_ms: 2 * YEAR },
    });
    expect(res.status).toBe(404);
    expect(off.app.services.billingClock.now()).toBeLessThan(Date.now() + 60_000);
  });

  it('moves the billing clock: a card read after it is outdated, and the lock cache follows', async () => {
    const main = await createActiveUser(on);
    const token = main.tokens.token;
    expect((await on.call('POST', '/billing/test/clock', { body: { advance_ms: 1 } })).status).toBe(401);
    expect(
      (await on.call('POST', '/billing/test/clock', { token, body: { at: 1, advance_ms: 1 } })).body.code,
    ).not.toBe(0);

    const card = await activateCard(on, token, 'ca', await issueTestCard(on, { type: 'ca', templates: 2 }));
    const account = async () =>
      (await on.call<MyAccountReply>('GET', '/billing/myAccount', { token })).body.data;
    expect((await account()).cards[0]!.status).toBe(CardStatus.Active);
    const published: number[] = [];
    const unsubscribe = on.app.bus.subscribe('billing.changed', (e) => published.push(e.teamId));
    try {
      const moved = await on.call<{ now: number }>('POST', '/billing/test/clock', {
        token,
        body: { at: card.expires_at! + 1000 },
      });
      expect(moved.body.code).toBe(0);
      expect(moved.body.data.now).toBeGreaterThanOrEqual(card.expires_at! + 1000);
      expect(published).toContain(main.profile.team_id);
    } finally {
      unsubscribe();
    }
    const after = await account();
    expect(after.cards[0]!.status).toBe(CardStatus.Outdated);
    expect(after.templates.total).toBe(1);
    // Back to real time: active again.
    const back = await on.call('POST', '/billing/test/clock', { token, body: { at: Date.now() } });
    expect(back.body.code).toBe(0);
    expect((await account()).cards[0]!.status).toBe(CardStatus.Active);
  });
});
