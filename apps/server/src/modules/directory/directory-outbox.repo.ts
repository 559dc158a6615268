import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface OutboxRow {
  id: number;
  region: string;
  payload: string;
  attempts: number;
}

/** What the directory's regions must still hear (migration 0024). */
export class DirectoryOutboxRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Returns the ids of the rows written. */
  async insert(rows: { region: string; payload: string }[], now: number): Promise<number[]> {
    if (rows.length === 0) return [];
    const out = await this.db
      .insertInto('directory_outbox')
      .values(rows.map((r) => ({ ...r, next_at: now, created_at: now, error: null })))
      .returning('id')
      .execute();
    return out.map((r) => r.id);
  }

  /** Rows due at `now` (the ids given, or any), oldest first. */
  due(now: number, limit: number, ids?: number[]): Promise<OutboxRow[]> {
    let q = this.db
      .selectFrom('directory_outbox')
      .select(['id', 'region', 'payload', 'attempts'])
      .where('next_at', '<=', now);
    if (ids) q = q.where('id', 'in', ids);
    return q.orderBy('id').limit(limit).execute();
  }

  /** Takes a row for `leaseMs` (another directory server skips it meanwhile); false if taken. */
  async claim(row: OutboxRow, now: number, leaseMs: number): Promise<boolean> {
    const res = await this.db
      .updateTable('directory_outbox')
      .set({ next_at: now + leaseMs, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('next_at', '<=', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('directory_outbox').where('id', '=', id).execute();
  }

  async retryLater(id: number, nextAt: number, error: string): Promise<void> {
    await this.db
      .updateTable('directory_outbox')
      .set({ next_at: nextAt, error: error.slice(0, 500) })
      .where('id', '=', id)
      .execute();
  }

  async backlog(): Promise<number> {
    const row = await this.db
      .selectFrom('directory_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
