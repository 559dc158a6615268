import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { TagWritesTable } from '../../db/tables/history.ts';

/** The log of tag writes from the console (`tag_writes`): each write and its outcome. */
export class TagWritesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<TagWritesTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('tag_writes')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async finish(id: number, outcome: TagWritesTable['outcome'], code: number | null, at: number) {
    await this.db
      .updateTable('tag_writes')
      .set({ outcome, code, finished_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** A page of a device's writes, newest first, with the writer's name and mail, and the total. */
  async log(deviceId: number, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('tag_writes')
        .leftJoin('users', 'users.id', 'tag_writes.user_id')
        .selectAll('tag_writes')
        .select(['users.name as user_name', 'users.email as user_email'])
        .where('tag_writes.device_id', '=', deviceId)
        .orderBy('tag_writes.created_at', 'desc')
        .orderBy('tag_writes.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('tag_writes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
