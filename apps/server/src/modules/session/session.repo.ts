import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Sessions (refresh-token families) and their refresh tokens (Kysely only). */
export class SessionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async createSession(
    s: { id: string; userId: number; ip: string; userAgent: string; now: number },
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id: s.id,
        user_id: s.userId,
        created_at: s.now,
        last_used_at: s.now,
        revoked_at: null,
        ip: s.ip,
        user_agent: s.userAgent.slice(0, 255),
      })
      .execute();
  }

  async insertRefreshToken(
    t: { userId: number; familyId: string; tokenHash: string; now: number; expiresAt: number },
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: t.userId,
        family_id: t.familyId,
        token_hash: t.tokenHash,
        created_at: t.now,
        expires_at: t.expiresAt,
        used_at: null,
        revoked_at: null,
      })
      .execute();
  }

  /** A refresh token by hash with the state of its session and user. */
  findRefreshToken(tokenHash: string, db: Db = this.db) {
    return db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.family_id')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.family_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'refresh_tokens.revoked_at',
        'sessions.revoked_at as session_revoked_at',
        'users.id as user_id',
        'users.team_id',
        'users.status',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks a token used unless it already was; false means someone used it before (replay). */
  async claimRefreshToken(id: number, now: number, db: Db = this.db): Promise<boolean> {
    const r = await db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async sessionUser(id: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.user_id;
  }

  async touchSession(id: string, now: number, db: Db = this.db): Promise<void> {
    await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  async revokeFamily(familyId: string, now: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * A region: the session of a directory token, recorded the first time it is used here (no
   * refresh tokens: the directory refreshes). `revokedAt` records it already ended. A session
   * recorded before keeps its state.
   */
  async adoptSession(
    s: { id: string; userId: number; now: number; revokedAt: number | null },
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id: s.id,
        user_id: s.userId,
        created_at: s.now,
        last_used_at: s.now,
        revoked_at: s.revokedAt,
        ip: '',
        user_agent: 'directory',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async revokeAllOfUser(userId: number, now: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
