import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A region's copy of the directory's JWKS (one row). */
export class DirectoryJwksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  load(): Promise<{ jwks: string; fetched_at: number } | undefined> {
    return this.db
      .selectFrom('directory_jwks')
      .select(['jwks', 'fetched_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
  }

  async save(jwks: string, at: number): Promise<void> {
    await this.db
      .insertInto('directory_jwks')
      .values({ id: 1, jwks, fetched_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ jwks, fetched_at: at }))
      .execute();
  }
}
