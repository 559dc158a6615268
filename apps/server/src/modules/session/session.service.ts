import { ErrorCode } from '@hmi/domain';
import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { SessionEndedEvent } from './session.events.ts';
import type { AccessTokenCodec } from './access-token.ts';
import type { SessionRepo } from './session.repo.ts';

/** An access token with the refresh token that renews it. */
export interface IssuedTokens {
  token: string;
  refresh_token: string;
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

type RotateOutcome =
  | {
      kind: 'ok';
      userId: number;
      teamId: number;
      familyId: string;
      refresh: string;
      /** When the pair was made (ms): a reissue in the grace window signs the same access token. */
      issuedAtMs: number;
    }
  | { kind: 'expired' }
  | { kind: 'revoked'; familyId: string }
  | { kind: 'closed' };

type TokenRow = NonNullable<Awaited<ReturnType<SessionRepo['findRefreshToken']>>>;

export interface SessionOptions {
  /** Refresh-token lifetime, ms (renewed on each rotation). */
  refreshTtlMs: number;
  /** How long after a rotation the replaced token still gets the same new pair, ms (0: never). */
  reuseGraceMs: number;
  /** Server secret the next refresh token of a family is derived from (never stored). */
  secret: Uint8Array;
}

/**
 * Sessions: a session is a family of opaque refresh tokens, stored as SHA-256 hashes and rotated
 * on every use. Presenting a token that was already used revokes its whole family (someone holds
 * a copy), so both the thief's and the owner's newer tokens stop working.
 *
 * One exception, the reuse grace (REFRESH_REUSE_GRACE): within that many seconds after a token
 * was rotated, presenting it again (another tab of the same browser refreshed with the same
 * token) returns the very pair the rotation made, as long as that pair's refresh token has not
 * been used itself and the family is not revoked. The next refresh token is an HMAC of the one
 * it replaces under a server key, so any server can reproduce it from the database alone; the
 * access token is signed again with the rotation's time and id, so it is the same token too.
 */
/** Told when sessions end, before the call that ended them answers (the directory's regions). */
export type SessionEndListener = (e: SessionEndedEvent) => Promise<void>;

export class SessionService {
  private readonly rotationKey: Buffer;
  private readonly endListeners: SessionEndListener[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: SessionRepo,
    private readonly tokens: AccessTokenCodec,
    private readonly options: SessionOptions,
    /** Tells every server a session ended ('session.ended': remote sessions and sockets end with it). */
    private readonly bus: Bus | null = null,
  ) {
    this.rotationKey = createHmac('sha256', options.secret).update('refresh-token-rotation').digest();
  }

  /** Adds a listener of ended sessions (the directory tells the account's regions). */
  onEnded(listener: SessionEndListener): void {
    this.endListeners.push(listener);
  }

  private async ended(e: SessionEndedEvent): Promise<void> {
    this.bus?.publish('session.ended', e);
    for (const listener of this.endListeners) await listener(e);
  }

  /** Starts a new session for a user. */
  async start(user: { id: number; team_id: number }, meta: ClientMeta): Promise<IssuedTokens> {
    const now = Date.now();
    const familyId = randomToken(18);
    const refresh = randomToken();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.createSession({ id: familyId, userId: user.id, ...meta, now }, trx);
      await this.repo.insertRefreshToken(
        {
          userId: user.id,
          familyId,
          tokenHash: sha256(refresh),
          now,
          expiresAt: now + this.options.refreshTtlMs,
        },
        trx,
      );
    });
    const token = await this.tokens.sign({ userId: user.id, teamId: user.team_id, sessionId: familyId });
    return { token, refresh_token: refresh };
  }

  /** Rotates a refresh token: 1040 when unknown, expired, revoked or replayed; 1055 when the account is closed. */
  async refresh(rawRefreshToken: string): Promise<IssuedTokens> {
    const now = Date.now();
    const hash = sha256(rawRefreshToken);
    // Decide inside the transaction, throw after it: a replay's revocation must commit.
    const outcome = await this.db.transaction().execute(async (trx): Promise<RotateOutcome> => {
      const row = await this.repo.findRefreshToken(hash, trx);
      if (!row) return { kind: 'expired' };
      if (row.status === 'closed') return { kind: 'closed' };
      if (row.revoked_at !== null || row.session_revoked_at !== null) return { kind: 'expired' };
      const claimed = row.used_at === null && (await this.repo.claimRefreshToken(row.id, now, trx));
      if (!claimed) {
        const again = await this.reissue(row, rawRefreshToken, now, trx);
        if (again) return again;
        await this.repo.revokeFamily(row.family_id, now, trx);
        return { kind: 'revoked', familyId: row.family_id };
      }
      if (row.expires_at <= now) return { kind: 'expired' };
      const refresh = this.nextRefreshToken(rawRefreshToken);
      await this.repo.insertRefreshToken(
        {
          userId: row.user_id,
          familyId: row.family_id,
          tokenHash: sha256(refresh),
          now,
          expiresAt: now + this.options.refreshTtlMs,
        },
        trx,
      );
      await this.repo.touchSession(row.family_id, now, trx);
      return { kind: 'ok', ...owner(row), refresh, issuedAtMs: now };
    });
    if (outcome.kind === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    if (outcome.kind === 'revoked') await this.ended({ sessionId: outcome.familyId });
    if (outcome.kind === 'expired' || outcome.kind === 'revoked')
      throw new AppError(ErrorCode.E1040_REFRESH_TOKEN_EXPIRED);
    const token = await this.tokens.sign(
      { userId: outcome.userId, teamId: outcome.teamId, sessionId: outcome.familyId },
      { issuedAtMs: outcome.issuedAtMs, jti: this.accessId(outcome.refresh) },
    );
    return { token, refresh_token: outcome.refresh };
  }

  /**
   * The pair a used token's rotation made, when the token is presented again within the grace
   * window and that pair is still the family's newest (its refresh token unused, not revoked);
   * null otherwise (a replay: the caller revokes the family).
   */
  private async reissue(
    row: TokenRow,
    rawRefreshToken: string,
    now: number,
    trx: Transaction<Database>,
  ): Promise<RotateOutcome | null> {
    if (this.options.reuseGraceMs <= 0) return null;
    // Lost a race with a rotation that committed meanwhile: read when it happened.
    const usedAt =
      row.used_at ?? (await this.repo.findRefreshToken(sha256(rawRefreshToken), trx))?.used_at ?? null;
    if (usedAt === null || now - usedAt > this.options.reuseGraceMs) return null;
    const refresh = this.nextRefreshToken(rawRefreshToken);
    const next = await this.repo.findRefreshToken(sha256(refresh), trx);
    if (!next || next.family_id !== row.family_id || next.used_at !== null) return null;
    if (next.revoked_at !== null || next.session_revoked_at !== null || next.status === 'closed') return null;
    return { kind: 'ok', ...owner(next), refresh, issuedAtMs: usedAt };
  }

  /** The refresh token that replaces `raw` in its family: reproducible by any server, by no client. */
  private nextRefreshToken(raw: string): string {
    return createHmac('sha256', this.rotationKey).update(`next:${raw}`).digest('base64url');
  }

  /** The access token id of the pair that carries `refresh`. */
  private accessId(refresh: string): string {
    return createHmac('sha256', this.rotationKey).update(`jti:${refresh}`).digest('base64url').slice(0, 16);
  }

  /**
   * A region: records the directory session a token carries, the first time it is used here,
   * so that ending it (`end`) works as for a session of this server.
   */
  async adopt(sessionId: string, userId: number): Promise<void> {
    await this.repo.adoptSession({ id: sessionId, userId, now: Date.now(), revokedAt: null });
  }

  /** A region: ends a directory session, recorded here or not yet (then it is recorded ended). */
  async endAdopted(sessionId: string, userId: number): Promise<void> {
    const now = Date.now();
    await this.repo.adoptSession({ id: sessionId, userId, now, revokedAt: now });
    await this.end(sessionId);
  }

  /** The user of a session (null: none). */
  async userOf(sessionId: string): Promise<number | undefined> {
    return this.repo.sessionUser(sessionId);
  }

  /** Whether a refresh token was issued by this server (a region forwards the others). */
  async issuedHere(rawRefreshToken: string): Promise<boolean> {
    return (await this.repo.findRefreshToken(sha256(rawRefreshToken))) !== undefined;
  }

  /** Ends one session (logout): its access and refresh tokens stop working at once. */
  async end(sessionId: string): Promise<void> {
    await this.repo.revokeFamily(sessionId, Date.now());
    await this.ended({ sessionId });
  }

  /** Ends every session of a user (password reset, account closed). */
  async endAll(userId: number): Promise<void> {
    await this.repo.revokeAllOfUser(userId, Date.now());
    await this.ended({ userId });
  }
}

const owner = (row: TokenRow) => ({ userId: row.user_id, teamId: row.team_id, familyId: row.family_id });
