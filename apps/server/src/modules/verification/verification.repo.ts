import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Verification codes (Kysely only). */
export class VerificationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(c: {
    destination: string;
    purpose: string;
    codeHash: string;
    now: number;
    expiresAt: number;
  }) {
    await this.db
      .insertInto('verification_codes')
      .values({
        destination: c.destination,
        purpose: c.purpose,
        code_hash: c.codeHash,
        created_at: c.now,
        expires_at: c.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /** The most recent code sent to a destination for a purpose. */
  latest(destination: string, purpose: string) {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('destination', '=', destination)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async addAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Marks a code used; false if it was used concurrently. */
  async markUsed(id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }
}
