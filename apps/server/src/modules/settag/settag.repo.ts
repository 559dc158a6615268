import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import type { HistoryStore } from '../history-store/index.ts';

/** Reads of tag writes: the device and tag to check (the last values and the write log are the history store's). */
export class SettagRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: HistoryStore,
  ) {}

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
    return (await this.store.deviceTags.ofDevice(deviceId)).find((t) => t.id === tagId);
  }
}
