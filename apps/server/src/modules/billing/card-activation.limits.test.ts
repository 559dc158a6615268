import { ErrorCode, type BillingCard } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { issueTestCard } from './billing-test-helpers.ts';
import { CARD_FAILURES_PER_ACCOUNT, CARD_FAILURES_PER_ADDRESS } from './card-activation.service.ts';

/*
 * Wrong card passwords are limited per account and per client address with growing delays, never
 * by locking the card (issue 23, item 10): through HTTP, on SQLite and PostgreSQL. Addresses come
 * from X-Forwarded-For (TRUST_PROXY) so that each case has its own.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());

type Account = Awaited<ReturnType<typeof createActiveUser>>;
const activate = (a: Account, number: string, password: string, ip: string) =>
  server.call<BillingCard>('POST', '/billing/ca/activate', {
    token: a.tokens.token,
    body: { number, password },
    headers: { 'x-forwarded-for': ip },
  });
const tailOf = (n: string) => n.slice(-8);
const wrongOf = (right: string) => (right === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA');
const cardRow = (number: string) =>
  server.app.db.selectFrom('cards').selectAll().where('number', '=', number).executeTakeFirstOrThrow();

describe('wrong card passwords', () => {
  it('5 wrong passwords from 2 unrelated accounts do not lock the card: a third account activates it', async () => {
    const [a, b, owner] = [
      await createActiveUser(server),
      await createActiveUser(server),
      await createActiveUser(server),
    ];
    const card = await issueTestCard(server, { type: 'ca' });
    for (const [who, ip, n] of [
      [a, '203.0.113.10', 3],
      [b, '203.0.113.11', 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        expect((await activate(who, tailOf(card.number), wrongOf(card.password), ip)).body.code).toBe(
          ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG,
        );
      }
    }
    expect((await cardRow(card.number)).failed_attempts).toBe(5);
    const res = await activate(owner, tailOf(card.number), card.password, '203.0.113.12');
    expect(res.body.code).toBe(0);
    expect((await cardRow(card.number)).team_id).toBe(owner.profile.team_id);
  });

  it('an account past its free failures waits (1036, retry_after_ms) whatever it tries; others do not', async () => {
    const guesser = await createActiveUser(server);
    const owner = await createActiveUser(server);
    const card = await issueTestCard(server, { type: 'ca' });
    const ip = '203.0.113.20';
    for (let i = 0; i < CARD_FAILURES_PER_ACCOUNT.free; i++) {
      expect((await activate(guesser, tailOf(card.number), wrongOf(card.password), ip)).body.code).toBe(
        ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG,
      );
    }
    // Right password, other address: the account's own delay holds it back (a minute after its 5th failure).
    const held = await activate(guesser, tailOf(card.number), card.password, '203.0.113.21');
    expect(held.status).toBe(429);
    expect(held.body.code).toBe(ErrorCode.E1036_TOO_FREQUENT);
    const wait = (held.body.data as unknown as { retry_after_ms: number }).retry_after_ms;
    expect(wait).toBeGreaterThan(CARD_FAILURES_PER_ACCOUNT.firstDelayMs - 10_000);
    expect(wait).toBeLessThanOrEqual(CARD_FAILURES_PER_ACCOUNT.firstDelayMs);
    expect((await cardRow(card.number)).activated_at).toBeNull();
    // Another account from the same address (5 failures there, 20 free): activates at once.
    expect((await activate(owner, tailOf(card.number), card.password, ip)).body.code).toBe(0);
  });

  it('an address past its free failures waits, for every account behind it; the right password never counts', async () => {
    const card = await issueTestCard(server, { type: 'ca' });
    const ip = '203.0.113.30';
    const accounts = await Promise.all(Array.from({ length: 5 }, () => createActiveUser(server)));
    // A right password from this address does not count as a failure.
    const other = await issueTestCard(server, { type: 'ca' });
    expect((await activate(accounts[0]!, tailOf(other.number), other.password, ip)).body.code).toBe(0);
    for (let i = 0; i < CARD_FAILURES_PER_ADDRESS.free; i++) {
      const who = accounts[i % accounts.length]!;
      expect((await activate(who, tailOf(card.number), wrongOf(card.password), ip)).body.code).toBe(
        ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG,
      );
    }
    const fresh = await createActiveUser(server);
    expect((await activate(fresh, tailOf(card.number), card.password, ip)).body.code).toBe(
      ErrorCode.E1036_TOO_FREQUENT,
    );
    expect((await activate(fresh, tailOf(card.number), card.password, '203.0.113.31')).body.code).toBe(0);
  });
});
