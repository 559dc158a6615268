import { ErrorCode, resolveLocale, type RegionAccount, type RegionEvent } from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import type { MessageService } from '../messages/index.ts';
import type { SessionService } from '../session/index.ts';
import type { UserService } from '../users/index.ts';

/** Directory accounts hold no password here: local sign-in never matches it. */
export const NO_LOCAL_PASSWORD = '!directory';
/** Session ids of directory tokens recorded here, remembered to skip the insert (most recent). */
const KNOWN_SESSIONS_MAX = 10_000;

/**
 * A region's side of the directory: the local account of a directory account (provisioned by the
 * directory, `provision`), the sessions its tokens carry, and what the directory tells it
 * (`apply`: sessions ended, account closed), applied through the session service so that sockets
 * and tunnels on every server of the region end with them (bus 'session.ended').
 */
export class RegionalAccounts {
  private readonly knownSessions = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly region: string,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly messages: MessageService,
  ) {}

  /**
   * The local user and team a directory token stands for, its session recorded here; null when
   * the account is not provisioned here or the token was issued before its sessions ended.
   */
  async adopt(
    globalId: number,
    sessionId: string,
    issuedAtMs: number,
  ): Promise<{ userId: number; teamId: number } | null> {
    const user = await this.users.findByGlobalId(globalId);
    if (!user) return null;
    // A closed account's tokens go on to the principal, which answers 1055 (not 1009).
    const ended = user.tokens_after !== null && issuedAtMs < user.tokens_after;
    if (ended && user.status !== 'closed') return null;
    if (!this.knownSessions.has(sessionId)) {
      await this.sessions.adopt(sessionId, user.id);
      if (this.knownSessions.size >= KNOWN_SESSIONS_MAX) this.knownSessions.clear();
      this.knownSessions.add(sessionId);
    }
    return { userId: user.id, teamId: user.team_id };
  }

  /** Creates the account and its team here, or brings its profile up to date. */
  async provision(a: RegionAccount): Promise<{ user_id: number }> {
    const existing = await this.users.findByGlobalId(a.global_id);
    const profile = {
      name: a.name,
      contact: a.contact,
      lang: resolveLocale(a.lang),
      data_center: a.data_center,
    };
    if (existing) {
      if (existing.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
      await this.users.update(existing.id, profile);
      return { user_id: existing.id };
    }
    const now = Date.now();
    const user = await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const created = await this.users.createTeamWithMain(
            { name: a.team_name, region: this.region },
            {
              ...profile,
              email: a.email,
              phone: a.phone,
              area_code: a.area_code,
              password_hash: NO_LOCAL_PASSWORD,
              status: 'active',
              activated_at: now,
              closed_at: null,
              global_id: a.global_id,
            },
            now,
            trx,
          );
          await this.messages.welcome(created, trx);
          return created;
        }),
      // A sub-account of this region already signs in with that email or phone.
      () => new AppError(ErrorCode.E1012_USER_EXISTS),
    );
    return { user_id: user.id };
  }

  /** Applies what the directory tells: an account unknown here has nothing to end. */
  async apply(e: RegionEvent): Promise<void> {
    const user = await this.users.findByGlobalId(e.global_id);
    if (!user) return;
    if (e.type === 'closed') {
      if (user.status !== 'closed') await this.users.update(user.id, { status: 'closed', closed_at: e.at });
      await this.sessions.endAll(user.id);
      return;
    }
    if (e.session_id !== undefined) {
      this.knownSessions.delete(e.session_id);
      await this.sessions.endAdopted(e.session_id, user.id);
      return;
    }
    // Both times are the directory's clock: the new pair of a password change is issued after.
    const after = e.at;
    if ((user.tokens_after ?? 0) < after) await this.users.update(user.id, { tokens_after: after });
    await this.sessions.endAll(user.id);
  }
}
