import {
  cardTailOf,
  validateCardType,
  ErrorCode,
  Limits,
  StringErrorCode,
  type BillingCard,
  type CardActivateBody,
  type CardKind,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { assertValid } from '../../lib/validate.ts';
import type { DelayRule, RateLimiter, RateRule } from '../verification/index.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { presentCard } from './billing.presenter.ts';
import type { CardRepo } from './card.repo.ts';
import { cardPasswordMatches } from './card-secrets.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Activation attempts of one account, whatever their answer (docs/api.md, Billing). */
export const ACTIVATE_PER_ACCOUNT: RateRule = { max: 10, windowMs: 15 * MINUTE };
/** Of one client address: higher, several accounts may sit behind one address. */
export const ACTIVATE_PER_ADDRESS: RateRule = { max: 30, windowMs: 15 * MINUTE };
/**
 * Wrong card passwords (and unknown numbers) of one account: the first 5 within 24 h are checked
 * at once, then each attempt of that account waits 1 minute after its latest failure, doubling
 * per failure, at most an hour. Never per card: a stranger's guesses do not keep the card's owner
 * out (docs/api.md, Billing, Activation).
 */
export const CARD_FAILURES_PER_ACCOUNT: DelayRule = {
  free: 5,
  windowMs: 24 * HOUR,
  firstDelayMs: MINUTE,
  maxDelayMs: HOUR,
};
/** The window of the wrong-password count kept on a card (`failed_attempts`, `failed_since`). */
const CARD_FAILURE_RECORD_WINDOW_MS = 24 * HOUR;
/** Of one client address: more free failures, several accounts may sit behind one address. */
export const CARD_FAILURES_PER_ADDRESS: DelayRule = { ...CARD_FAILURES_PER_ACCOUNT, free: 20 };

/** A card is valid for Limits.cardValidityYears calendar years (UTC) after activation (SPEC 9). */
export function expiryOf(activatedAt: number): number {
  const d = new Date(activatedAt);
  d.setUTCFullYear(d.getUTCFullYear() + Limits.cardValidityYears);
  return d.getTime();
}

const wrongPair = () =>
  new AppError(ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG, null, StringErrorCode.E_CLOUD_CARD_PWD_ERR);
const alreadyActivated = (type: CardKind) =>
  new AppError(
    type === 'ca' ? ErrorCode.E1045_CARD_ALREADY_ACTIVATED : ErrorCode.E1050_CARD_ALREADY_ACTIVATED,
    null,
    StringErrorCode.E_CLOUD_CARD_ALREADY_ACTIVATE,
  );
const windowPassed = (type: CardKind) =>
  new AppError(
    type === 'ca' ? ErrorCode.E1044_CARD_ACTIVATION_WINDOW_PASSED : ErrorCode.E1051_BEYOND_ACTIVATION_TIME,
  );

/** A pepper-keyed hash no card has: unknown tails cost the same HMAC as known ones. */
const DUMMY_HASH = '0'.repeat(64);

/**
 * Activating a card with its number and password (SPEC billing; docs/api.md, Billing). Checks, in
 * order: the caller's and the address's attempts (1036, counted whatever the answer); the
 * caller's and the address's recent wrong passwords (1036 while their delay runs, before the card
 * is looked at); the card (unknown tail, wrong password: 1043, counted against the caller and the
 * address, never as a lock of the card); only after the right password: the type of the route (1006
 * validation.card.isRemoteAccess / isCloudApplication under the number: the other dialog),
 * already activated (1045 CA / 1050 RA), the batch's deadline (1044 CA / 1051 RA). Then one
 * transaction: compare-and-set on `activated_at is null` (a race, even between servers sharing
 * PostgreSQL, activates once; the loser gets 1045/1050) and the recharge record.
 */
export class CardActivationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cards: CardRepo,
    private readonly ledger: BillingLedgerRepo,
    private readonly limiter: RateLimiter,
    private readonly pepper: Uint8Array,
    private readonly clock: () => number = () => limiter.now(),
    /** After the commit: the team's allowance grew (template locks lift). */
    private readonly activated: (teamId: number) => void = () => undefined,
  ) {}

  private get now(): number {
    return this.clock();
  }

  async activate(
    caller: CurrentUser,
    type: CardKind,
    body: CardActivateBody,
    ip: string,
  ): Promise<BillingCard> {
    const code = ErrorCode.E1036_TOO_FREQUENT;
    await this.limiter.consume('card-activate:user', String(caller.id), [ACTIVATE_PER_ACCOUNT], code);
    await this.limiter.consume('card-activate:ip', ip, [ACTIVATE_PER_ADDRESS], code);

    const failures = await this.limiter.failureSlots(
      [
        { kind: 'card-failure:user', subject: String(caller.id), rule: CARD_FAILURES_PER_ACCOUNT },
        { kind: 'card-failure:ip', subject: ip, rule: CARD_FAILURES_PER_ADDRESS },
      ],
      code,
    );

    const tail = cardTailOf(body.number);
    const card = await this.cards.findByTail(tail);
    const now = this.now;
    const right = cardPasswordMatches(this.pepper, tail, body.password, card?.password_hash ?? DUMMY_HASH);
    if (!card) throw wrongPair();
    if (!right) {
      // Kept on the card for the record (how often it was guessed at); it never locks the card.
      await this.cards.recordFailure(card.id, now, CARD_FAILURE_RECORD_WINDOW_MS);
      throw wrongPair();
    }
    // The right password: the slots taken as failures are given back.
    await this.limiter.forget(failures);
    // Told only now, to whoever holds the right pair: it says nothing the printed number (C... /
    // R...) does not, and a guess (unknown tail, wrong password) still gets 1043 whatever the type.
    assertValid('number', validateCardType(card.type, type));
    if (card.activated_at !== null) throw alreadyActivated(type);
    if (now >= card.activate_before) throw windowPassed(type);

    const expiresAt = expiryOf(now);
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.cards.activate(card.id, caller.teamId, caller.id, now, expiresAt, trx))) {
        throw alreadyActivated(type);
      }
      await this.ledger.appendRecord(
        {
          team_id: caller.teamId,
          user_id: caller.id,
          kind: 'activation',
          type,
          card_id: card.id,
          device_id: null,
          detail: JSON.stringify({
            templates: card.templates,
            tags: card.tags,
            level: card.level,
            gigabytes: card.gigabytes,
            expires_at: expiresAt,
          }),
          created_at: now,
        },
        trx,
      );
    });
    this.activated(caller.teamId);
    return presentCard({ ...card, activated_at: now, expires_at: expiresAt }, 0, now);
  }
}
