import type { Kysely } from 'kysely';
import type { Database, TagWritesTable } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import type { Insertable } from 'kysely';
import { historyMemory } from '../ingest/history-memory.ts';
import { DeviceTagsRepo } from '../monitor/device-tags.repo.ts';

/** SQL of tag writes: the device and tag to check, last values, the write log. */
export class SettagRepo {
  private readonly tags: DeviceTagsRepo;

  constructor(private readonly db: Kysely<Database>) {
    this.tags = new DeviceTagsRepo(db);
  }

  device(scope: DataScope, id: number) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'team_id', 'online', 'sync_state', 'template_id'])
      .where('id', '=', id)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }

  /** One of the device's tags (a template tag or a monitor point), undefined when it has none such. */
  async tag(deviceId: number, tagId: number) {
    return (await this.tags.ofDevice(deviceId)).find((t) => t.id === tagId);
  }

  /** The tag's newest value: stored, or newer in this server's history memory (not yet flushed). */
  async lastValue(deviceId: number, tagId: number) {
    const stored = await this.db
      .selectFrom('tag_last_values')
      .select(['num', 'txt', 'ts'])
      .where('device_id', '=', deviceId)
      .where('tag_id', '=', tagId)
      .executeTakeFirst();
    const pending = historyMemory(this.db).lastValues(deviceId).get(tagId);
    return pending && (!stored || pending.ts > Number(stored.ts)) ? pending : stored;
  }

  async insertWrite(row: Insertable<TagWritesTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('tag_writes')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async finishWrite(id: number, outcome: TagWritesTable['outcome'], code: number | null, at: number) {
    await this.db
      .updateTable('tag_writes')
      .set({ outcome, code, finished_at: at })
      .where('id', '=', id)
      .execute();
  }

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
