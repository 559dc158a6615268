import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { DeviceTagsRepo } from '../monitor/device-tags.repo.ts';

/** SQL of the live views: devices in scope with their tags in monitor order, last values. */
export class LiveRepo {
  private readonly tags: DeviceTagsRepo;

  constructor(private readonly db: Kysely<Database>) {
    this.tags = new DeviceTagsRepo(db);
  }

  /** The devices among `ids` in the scope, with their tag ids in order (template tags, then points). */
  async devicesWithTags(scope: DataScope, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const devices = await this.db
      .selectFrom('devices')
      .select(['id', 'online'])
      .where('id', 'in', ids)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .execute();
    // The device's tags in the monitor's order: template tags, then its own monitor points.
    const tags = await this.tags.ofDevices(devices.map((d) => d.id));
    return devices.map((d) => ({
      id: d.id,
      online: d.online,
      tagIds: (tags.get(d.id) ?? []).map((t) => t.id),
    }));
  }

  /** Last values of (device, tags) pairs. */
  async lastValues(deviceId: number, tagIds?: readonly number[]) {
    if (tagIds && tagIds.length === 0) return [];
    return this.db
      .selectFrom('tag_last_values')
      .select(['tag_id', 'ts', 'num', 'txt'])
      .where('device_id', '=', deviceId)
      .$call((q) => (tagIds ? q.where('tag_id', 'in', tagIds) : q))
      .orderBy('tag_id')
      .execute();
  }
}
