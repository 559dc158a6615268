import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeyRow } from '../../db/tables/api-keys.ts';

export type NewApiKey = Omit<ApiKeyRow, 'id' | 'last_used_at' | 'revoked_at'>;

/** API keys and the writes made with them (migration 0026). */
export class ApiKeyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(key: NewApiKey): Promise<ApiKeyRow> {
    return this.db
      .insertInto('api_keys')
      .values({ ...key, last_used_at: null, revoked_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findByHash(hash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('secret_hash', '=', hash).executeTakeFirst();
  }

  findById(id: number): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A user's keys not revoked, newest first, with the count of writes made with each. */
  listOfUser(userId: number) {
    return this.db
      .selectFrom('api_keys')
      .selectAll('api_keys')
      .select((eb) =>
        eb
          .selectFrom('api_key_writes')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('api_key_writes.key_id', '=', 'api_keys.id')
          .as('writes'),
      )
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
  }

  async countActive(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Revokes a key of the user; false when it is not theirs or already revoked. */
  async revoke(id: number, userId: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async touch(id: number, now: number): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  async recordWrite(w: {
    key_id: number;
    key_name: string;
    user_id: number;
    team_id: number;
    method: string;
    path: string;
    status: number;
    at: number;
  }): Promise<void> {
    await this.db.insertInto('api_key_writes').values(w).execute();
  }

  writesOf(keyId: number) {
    return this.db
      .selectFrom('api_key_writes')
      .selectAll()
      .where('key_id', '=', keyId)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
  }
}
