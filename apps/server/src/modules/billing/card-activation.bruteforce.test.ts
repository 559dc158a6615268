import { ErrorCode } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeTeam } from '../../lib/data-scope.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createActiveUser } from '../../../test/factories.ts';
import { RateLimiter } from '../verification/index.ts';
import { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { issueTestCard } from './billing-test-helpers.ts';
import { CARD_FAILURES_PER_ACCOUNT, CardActivationService } from './card-activation.service.ts';
import { CardRepo } from './card.repo.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * 1,000 wrong activations against one card, through the service with its rate limits in place
 * and a fake clock that moves ten minutes per attempt (a week of guessing): from one account (and address) the growing
 * delays after its failures let only a few hundred guesses be checked; from many accounts and
 * addresses each gets its few free failures. Either way nothing activates, and the card is never
 * locked: the right password from an account and address that did not fail activates it at once
 * (issue 23, item 10: the old per-card lock let anyone who saw a number block its activation).
 * A few seconds per case on SQLite, some more on PostgreSQL (every attempt writes its rate events).
 */
const ATTEMPTS = 1_000;
const STEP_MS = 10 * 60_000;
const TIMEOUT_MS = 120_000;
let server: TestServer;
let clock = 0;
let service: CardActivationService;
let team: { teamId: number; userId: number };

beforeAll(async () => {
  server = await startTestServer();
  const db = server.app.db;
  clock = Date.now();
  const limiter = new RateLimiter(db, () => clock);
  service = new CardActivationService(
    db,
    new CardRepo(db),
    new BillingLedgerRepo(db),
    limiter,
    server.config.cardPepper,
  );
  const a = await createActiveUser(server);
  team = { teamId: a.profile.team_id, userId: a.profile.dbuser_id };
});
afterAll(async () => server?.close());

const caller = (id: number, teamId = team.teamId): CurrentUser => ({
  id,
  teamId,
  isMain: true,
  sessionId: 's',
  permissions: new Set(),
  scope: wholeTeam(teamId),
});

/** A wrong password of the same shape, never the right one. */
const wrongPassword = (right: string, i: number) => {
  const p = `W${String(i).padStart(7, '0')}`.replace(/[01]/g, 'X');
  return p === right ? 'ZZZZZZZZ' : p;
};

async function attempt(who: CurrentUser, tail: string, password: string, ip: string): Promise<number> {
  try {
    await service.activate(who, 'ca', { number: tail, password }, ip);
    return 0;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

async function bruteForce(callers: (i: number) => CurrentUser, ips: (i: number) => string) {
  const card = await issueTestCard(server, { type: 'ca' });
  const tail = card.number.slice(-8);
  const codes = new Map<number, number>();
  for (let i = 0; i < ATTEMPTS; i++) {
    clock += STEP_MS;
    const code = await attempt(callers(i), tail, wrongPassword(card.password, i), ips(i));
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  return { card, tail, codes };
}

const cardOf = (number: string) =>
  server.app.db.selectFrom('cards').selectAll().where('number', '=', number).executeTakeFirstOrThrow();

describe('brute force against one card', () => {
  it(
    'from one account: nothing activates, its guesses are slowed to about one an hour, the owner activates',
    async () => {
      const { card, tail, codes } = await bruteForce(
        () => caller(team.userId),
        () => '203.0.113.7',
      );
      expect(codes.get(0)).toBeUndefined();
      const checked = codes.get(ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG) ?? 0;
      // 10,000 minutes is about 167 hours: the free failures, a few while the delay grows, then one
      // an hour (the per-account attempt limit alone, 10 per 15 min, would let every one through).
      expect(checked).toBeGreaterThan(CARD_FAILURES_PER_ACCOUNT.free);
      expect(checked).toBeLessThan(200);
      expect(codes.get(ErrorCode.E1036_TOO_FREQUENT)).toBeGreaterThan(ATTEMPTS - 200);
      const row = await cardOf(card.number);
      expect(row.activated_at).toBeNull();
      expect(row.locked_until).toBeNull();
      // The guesser is still delayed, even with the right password...
      expect(await attempt(caller(team.userId), tail, card.password, '203.0.113.7')).toBe(
        ErrorCode.E1036_TOO_FREQUENT,
      );
      // ...another account from another address activates the card with it at once.
      const owner = await createActiveUser(server);
      expect(
        await attempt(
          caller(owner.profile.dbuser_id, owner.profile.team_id),
          tail,
          card.password,
          '198.51.100.1',
        ),
      ).toBe(0);
      expect((await cardOf(card.number)).team_id).toBe(owner.profile.team_id);
    },
    TIMEOUT_MS,
  );

  it(
    'from many accounts and addresses: nothing activates, the card never locks',
    async () => {
      // 100 accounts of the same team, each from its own address, 10 guesses each: their failures
      // are 1,000 minutes apart, so none of them is ever delayed, and still the card never locks.
      const { card, tail, codes } = await bruteForce(
        (i) => caller(1_000_000 + (i % 100)),
        (i) => `10.0.0.${i % 100}`,
      );
      expect(codes.get(0)).toBeUndefined();
      expect(codes.get(ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG)).toBe(ATTEMPTS);
      const row = await cardOf(card.number);
      expect(row.activated_at).toBeNull();
      expect(row.locked_until).toBeNull();
      // The owner of the card activates it with the right password at once.
      expect(await attempt(caller(team.userId), tail, card.password, '198.51.100.3')).toBe(0);
      expect((await cardOf(card.number)).team_id).toBe(team.teamId);
    },
    TIMEOUT_MS,
  );
});
