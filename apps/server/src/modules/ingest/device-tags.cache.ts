import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceTagReads } from '../history-store/index.ts';

/** What the ingest pipeline needs to know about a device to check its data. */
export interface DeviceTags {
  deviceId: number;
  /** null while registered but not bound: its data is dropped. */
  teamId: number | null;
  templateId: number | null;
  /** Tag id -> data type code: the device's template tags and its monitor points. */
  types: ReadonlyMap<number, number>;
  /** The tag ids of the device's last frame (`buildFrames` shares the array while they repeat). */
  lastIds?: readonly number[];
  /** `types` as aligned arrays in ascending tag id order (made by `buildFrames` when first needed). */
  known?: { ids: readonly number[]; types: readonly number[] };
}

/**
 * SN -> device and template tags, cached so that the hot path makes no query per message. An
 * entry is reloaded after `ttlMs` and dropped at once by `invalidate` (the ingest service does
 * so on the device's `config/ack` and `state` messages: a template change always reaches the
 * device as a new config that it acknowledges). Concurrent misses of one SN share one query.
 */
export class DeviceTagsCache {
  private readonly entries = new Map<string, { value: DeviceTags | null; at: number }>();
  private readonly loading = new Map<string, Promise<DeviceTags | null>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tags: DeviceTagReads,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The device of `sn` (null when unknown), from the cache when fresh. */
  get(sn: string): DeviceTags | null | Promise<DeviceTags | null> {
    const hit = this.entries.get(sn);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    let pending = this.loading.get(sn);
    if (!pending) {
      // A load that `invalidate` dropped meanwhile (it may have read the device before a bind or
      // unbind committed) is neither cached nor shared with the callers that come after.
      const loading: Promise<DeviceTags | null> = this.load(sn).then(
        (value) => {
          if (this.loading.get(sn) !== loading) return value;
          this.loading.delete(sn);
          this.entries.set(sn, { value, at: this.now() });
          return value;
        },
        (err: unknown) => {
          if (this.loading.get(sn) === loading) this.loading.delete(sn);
          throw err;
        },
      );
      this.loading.set(sn, (pending = loading));
    }
    return pending;
  }

  invalidate(sn?: string): void {
    if (sn === undefined) {
      this.entries.clear();
      this.loading.clear();
    } else {
      this.entries.delete(sn);
      this.loading.delete(sn);
    }
  }

  private async load(sn: string): Promise<DeviceTags | null> {
    const device = await this.db
      .selectFrom('devices')
      .select(['id', 'team_id', 'template_id'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    let value: DeviceTags | null = null;
    if (device) {
      const types = new Map<number, number>();
      if (device.team_id !== null) {
        for (const t of await this.tags.ofDevice(device.id)) types.set(t.id, t.data_type);
      }
      value = {
        deviceId: device.id,
        teamId: device.team_id,
        templateId: device.template_id,
        types,
      };
    }
    return value;
  }
}
