import { ErrorCode } from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Bus } from '../../plugins/bus.ts';
import './session.events.ts';
import type { AccessTokens } from './access-token.ts';
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
  | { kind: 'ok'; userId: number; teamId: number; familyId: string; refresh: string }
  | { kind: 'expired' }
  | { kind: 'revoked'; familyId: string }
  | { kind: 'closed' };

/**
 * Sessions: a session is a family of opaque refresh tokens, stored as SHA-256 hashes and rotated
 * on every use. Presenting a token that was already used revokes its whole family (someone holds
 * a copy), so both the thief's and the owner's newer tokens stop working.
 */
export class SessionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: SessionRepo,
    private readonly tokens: AccessTokens,
    private readonly refreshTtlMs: number,
    /** Tells every server a session ended ('session.ended': remote sessions end with it). */
    private readonly bus: Bus | null = null,
  ) {}

  /** Starts a new session for a user. */
  async start(user: { id: number; team_id: number }, meta: ClientMeta): Promise<IssuedTokens> {
    const now = Date.now();
    const familyId = randomToken(18);
    const refresh = randomToken();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.createSession({ id: familyId, userId: user.id, ...meta, now }, trx);
      await this.repo.insertRefreshToken(
        { userId: user.id, familyId, tokenHash: sha256(refresh), now, expiresAt: now + this.refreshTtlMs },
        trx,
      );
    });
    const token = await this.tokens.sign({ userId: user.id, teamId: user.team_id, sessionId: familyId });
    return { token, refresh_token: refresh };
  }

  /** Rotates a refresh token: 1040 when unknown, expired, revoked or replayed; 1055 when the account is closed. */
  async refresh(rawRefreshToken: string): Promise<IssuedTokens> {
    const now = Date.now();
    // Decide inside the transaction, throw after it: a replay's revocation must commit.
    const outcome = await this.db.transaction().execute(async (trx): Promise<RotateOutcome> => {
      const row = await this.repo.findRefreshToken(sha256(rawRefreshToken), trx);
      if (!row) return { kind: 'expired' };
      if (row.status === 'closed') return { kind: 'closed' };
      if (row.revoked_at !== null || row.session_revoked_at !== null) return { kind: 'expired' };
      const claimed = row.used_at === null && (await this.repo.claimRefreshToken(row.id, now, trx));
      if (!claimed) {
        await this.repo.revokeFamily(row.family_id, now, trx);
        return { kind: 'revoked', familyId: row.family_id };
      }
      if (row.expires_at <= now) return { kind: 'expired' };
      const refresh = randomToken();
      await this.repo.insertRefreshToken(
        {
          userId: row.user_id,
          familyId: row.family_id,
          tokenHash: sha256(refresh),
          now,
          expiresAt: now + this.refreshTtlMs,
        },
        trx,
      );
      await this.repo.touchSession(row.family_id, now, trx);
      return { kind: 'ok', userId: row.user_id, teamId: row.team_id, familyId: row.family_id, refresh };
    });
    if (outcome.kind === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    if (outcome.kind === 'revoked') this.bus?.publish('session.ended', { sessionId: outcome.familyId });
    if (outcome.kind === 'expired' || outcome.kind === 'revoked')
      throw new AppError(ErrorCode.E1040_REFRESH_TOKEN_EXPIRED);
    const token = await this.tokens.sign({
      userId: outcome.userId,
      teamId: outcome.teamId,
      sessionId: outcome.familyId,
    });
    return { token, refresh_token: outcome.refresh };
  }

  /** Ends one session (logout): its access and refresh tokens stop working at once. */
  async end(sessionId: string): Promise<void> {
    await this.repo.revokeFamily(sessionId, Date.now());
    this.bus?.publish('session.ended', { sessionId });
  }

  /** Ends every session of a user (password reset, account closed). */
  async endAll(userId: number): Promise<void> {
    await this.repo.revokeAllOfUser(userId, Date.now());
    this.bus?.publish('session.ended', { userId });
  }
}
