import { ErrorCode } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeTeam } from '../../lib/data-scope.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createActiveUser } from '../../../test/factories.ts';
import { RateLimiter } from '../verification/index.ts';
import { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { issueTestCard } from './billing-test-helpers.ts';
import { CARD_LOCK_MS, CardActivationService } from './card-activation.service.ts';
import { CardRepo } from './card.repo.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * 10,000 wrong activations against one card, through the service with its rate limits in place
 * and a fake clock that moves a minute per attempt (so the per-account and per-address limits
 * let some through and the card's lock is what stops the guessing): nothing activates, the card
 * locks, and while it is locked even the right password gets 1043. About 20 s per case on
 * SQLite, 80-100 s on PostgreSQL (every attempt writes its rate events).
 */
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
  for (let i = 0; i < 10_000; i++) {
    clock += 60_000;
    const code = await attempt(callers(i), tail, wrongPassword(card.password, i), ips(i));
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  return { card, tail, codes };
}

const cardOf = (number: string) =>
  server.app.db.selectFrom('cards').selectAll().where('number', '=', number).executeTakeFirstOrThrow();

describe('brute force against one card', () => {
  it('from one account: nothing activates, the card locks, the right password is refused while locked', async () => {
    const { card, tail, codes } = await bruteForce(
      () => caller(team.userId),
      () => '203.0.113.7',
    );
    expect(codes.get(0)).toBeUndefined();
    expect(codes.get(ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG)).toBeGreaterThan(0);
    const row = await cardOf(card.number);
    expect(row.activated_at).toBeNull();
    expect(row.locked_until).toBeGreaterThan(clock);
    // The account itself is at its limit (1036); another account with the right password: 1043.
    expect(await attempt(caller(team.userId), tail, card.password, '198.51.100.1')).toBe(
      ErrorCode.E1036_TOO_FREQUENT,
    );
    expect(await attempt(caller(2_000_000), tail, card.password, '198.51.100.1')).toBe(
      ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG,
    );
    expect((await cardOf(card.number)).activated_at).toBeNull();
  }, 300_000);

  it('from many accounts and addresses: nothing activates, the card locks across accounts', async () => {
    // 1,000 accounts of the same team, each from its own address: no per-account or per-address limit is hit.
    const { card, tail, codes } = await bruteForce(
      (i) => caller(1_000_000 + (i % 1000)),
      (i) => `10.0.${Math.floor((i % 1000) / 250)}.${i % 250}`,
    );
    expect(codes.get(0)).toBeUndefined();
    expect(codes.get(ErrorCode.E1036_TOO_FREQUENT) ?? 0).toBe(0);
    expect(codes.get(ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG)).toBe(10_000);
    const row = await cardOf(card.number);
    expect(row.activated_at).toBeNull();
    expect(row.locked_until).toBeGreaterThan(clock);
    expect(await attempt(caller(team.userId), tail, card.password, '198.51.100.2')).toBe(
      ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG,
    );
    // Once the lock is over, the owner of the card activates it with the right password.
    clock = row.locked_until! + 1;
    expect(await attempt(caller(team.userId), tail, card.password, '198.51.100.3')).toBe(0);
    expect((await cardOf(card.number)).team_id).toBe(team.teamId);
    expect(CARD_LOCK_MS).toBe(24 * 3600_000);
  }, 300_000);
});
