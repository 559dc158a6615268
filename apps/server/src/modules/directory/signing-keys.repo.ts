import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SigningKeyRow } from '../../db/tables/directory.ts';

/** The directory's signing keys (migration 0024). */
export class SigningKeysRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Keys not retired at `now`, newest first. */
  published(now: number): Promise<SigningKeyRow[]> {
    return this.db
      .selectFrom('signing_keys')
      .selectAll()
      .where((eb) => eb.or([eb('retire_at', 'is', null), eb('retire_at', '>', now)]))
      .orderBy('active_from', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  async insert(row: SigningKeyRow): Promise<void> {
    await this.db.insertInto('signing_keys').values(row).execute();
  }

  /** Retires every key but `keep` that is not already retiring earlier. */
  async retireOthers(keep: string, retireAt: number): Promise<void> {
    await this.db
      .updateTable('signing_keys')
      .set({ retire_at: retireAt })
      .where('kid', '!=', keep)
      .where((eb) => eb.or([eb('retire_at', 'is', null), eb('retire_at', '>', retireAt)]))
      .execute();
  }
}
