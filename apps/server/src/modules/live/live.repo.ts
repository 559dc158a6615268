import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { historyMemory, type HistoryMemory } from '../ingest/history-memory.ts';
import { DeviceTagsRepo } from '../monitor/device-tags.repo.ts';

/** A tag's newest value as the live views read it. */
export interface LastValueRow {
  tag_id: number;
  ts: number;
  num: number | null;
  txt: string | null;
}

/** SQL of the live views: devices in scope with their tags in monitor order, last values. */
export class LiveRepo {
  private readonly tags: DeviceTagsRepo;
  private readonly memory: HistoryMemory;

  constructor(private readonly db: Kysely<Database>) {
    this.tags = new DeviceTagsRepo(db);
    this.memory = historyMemory(db);
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

  /**
   * Last values of a device's tags (all, or those among `tagIds`) by tag id: the stored ones,
   * overlaid with the newer values this server committed since its last rollup flush.
   */
  async lastValues(deviceId: number, tagIds?: readonly number[]): Promise<LastValueRow[]> {
    if (tagIds && tagIds.length === 0) return [];
    const stored = await this.db
      .selectFrom('tag_last_values')
      .select(['tag_id', 'ts', 'num', 'txt'])
      .where('device_id', '=', deviceId)
      .$call((q) => (tagIds ? q.where('tag_id', 'in', tagIds) : q))
      .execute();
    const pending = this.memory.lastValues(deviceId);
    if (pending.size === 0) return stored.sort((a, b) => a.tag_id - b.tag_id);
    const wanted = tagIds ? new Set(tagIds) : undefined;
    const byTag = new Map<number, LastValueRow>(stored.map((r) => [r.tag_id, { ...r, ts: Number(r.ts) }]));
    for (const [tagId, v] of pending) {
      if (wanted && !wanted.has(tagId)) continue;
      const seen = byTag.get(tagId);
      if (!seen || v.ts > seen.ts) byTag.set(tagId, { tag_id: tagId, ts: v.ts, num: v.num, txt: v.txt });
    }
    return [...byTag.values()].sort((a, b) => a.tag_id - b.tag_id);
  }
}
