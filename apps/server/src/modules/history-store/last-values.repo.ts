import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LastValue } from './history-aggregates.ts';
import type { HistoryMemory } from './history-memory.ts';

/** Newer values than the table's, by tag: this server's history memory, other servers' recent values. */
export interface PendingValues {
  lastValues(deviceId: number): Map<number, LastValue>;
}

/** A tag's newest value as the live views read it. */
export interface LastValueRow {
  tag_id: number;
  ts: number;
  num: number | null;
  txt: string | null;
}

/**
 * Newest values of device tags: the stored ones (tag_last_values), overlaid with the newer values
 * this server committed since its last rollup flush (history memory) and, with several servers,
 * those other servers committed and may not have flushed yet (`RemoteLastValues`).
 */
export class LastValuesRepo {
  private readonly memory: PendingValues;

  constructor(
    private readonly db: Kysely<Database>,
    memory: HistoryMemory,
    remote?: PendingValues,
  ) {
    this.memory = remote ? merged(memory, remote) : memory;
  }

  /** Last values of a device's tags (all, or those among `tagIds`), by tag id. */
  async ofDevice(deviceId: number, tagIds?: readonly number[]): Promise<LastValueRow[]> {
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

  /** One tag's newest value: stored, or newer in history memory or from another server (not yet flushed). */
  async ofTag(deviceId: number, tagId: number) {
    const stored = await this.db
      .selectFrom('tag_last_values')
      .select(['num', 'txt', 'ts'])
      .where('device_id', '=', deviceId)
      .where('tag_id', '=', tagId)
      .executeTakeFirst();
    const pending = this.memory.lastValues(deviceId).get(tagId);
    return pending && (!stored || pending.ts > Number(stored.ts)) ? pending : stored;
  }
}

/** The newer of two sources' values, by tag. */
function merged(a: PendingValues, b: PendingValues): PendingValues {
  return {
    lastValues(deviceId) {
      const out = a.lastValues(deviceId);
      for (const [tagId, v] of b.lastValues(deviceId)) {
        const seen = out.get(tagId);
        if (!seen || v.ts > seen.ts) out.set(tagId, v);
      }
      return out;
    },
  };
}
