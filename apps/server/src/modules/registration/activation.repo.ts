import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Activation-link tokens (Kysely only). */
export class ActivationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(t: { tokenHash: string; userId: number; now: number; expiresAt: number }, db: Db = this.db) {
    await db
      .insertInto('activation_tokens')
      .values({
        token_hash: t.tokenHash,
        user_id: t.userId,
        created_at: t.now,
        expires_at: t.expiresAt,
        used_at: null,
      })
      .execute();
  }

  find(tokenHash: string, db: Db = this.db) {
    return db
      .selectFrom('activation_tokens')
      .innerJoin('users', 'users.id', 'activation_tokens.user_id')
      .select([
        'activation_tokens.id',
        'activation_tokens.expires_at',
        'activation_tokens.used_at',
        'users.id as user_id',
        'users.team_id',
        'users.status',
        'users.lang',
      ])
      .where('activation_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async markUsed(id: number, now: number, db: Db = this.db): Promise<void> {
    await db.updateTable('activation_tokens').set({ used_at: now }).where('id', '=', id).execute();
  }
}
