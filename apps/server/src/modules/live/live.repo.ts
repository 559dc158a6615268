import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';

/** SQL of the live views: devices in scope with their tags in template order, last values. */
export class LiveRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The devices among `ids` in the scope, with their template's tag ids in order. */
  async devicesWithTags(scope: DataScope, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const devices = await this.db
      .selectFrom('devices')
      .select(['id', 'template_id', 'online'])
      .where('id', 'in', ids)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .execute();
    const templateIds = [
      ...new Set(devices.map((d) => d.template_id).filter((t): t is number => t !== null)),
    ];
    const tags =
      templateIds.length === 0
        ? []
        : await this.db
            .selectFrom('template_tags')
            .select(['id', 'template_id'])
            .where('template_id', 'in', templateIds)
            .orderBy('template_id')
            .orderBy('position')
            .orderBy('id')
            .execute();
    const byTemplate = new Map<number, number[]>();
    for (const t of tags) {
      let list = byTemplate.get(t.template_id);
      if (!list) byTemplate.set(t.template_id, (list = []));
      list.push(t.id);
    }
    return devices.map((d) => ({
      id: d.id,
      online: d.online,
      tagIds: d.template_id === null ? [] : (byTemplate.get(d.template_id) ?? []),
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
