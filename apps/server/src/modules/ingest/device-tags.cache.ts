import type { Catalogue } from '../device/index.ts';

/** A tag beyond the device's TAG allocation, in `DeviceTags.types`: its values are counted, not stored. */
export const OVER_QUOTA = -1;

/** What a device may collect (the billing module's DeviceQuotaService). */
export interface IngestQuota {
  /** TAGs it collects, its first ones (template order, then points); null: `devices.tag_limit`. */
  tags: number | null;
  /** Least time between two stored samples (0: none). */
  intervalMs: number;
  templateLocked: boolean;
}

/** The quota of a bound device, read once per load of its cache entry. */
export interface IngestQuotas {
  quotaOf(device: {
    id: number;
    teamId: number;
    templateId: number | null;
    tagLimit: number;
  }): Promise<IngestQuota>;
}

/** No billing (tests building the cache alone): every tag, no interval, nothing locked. */
export const unlimited: IngestQuotas = {
  quotaOf: async () => ({ tags: Number.MAX_SAFE_INTEGER, intervalMs: 0, templateLocked: false }),
};

/** What the ingest pipeline needs to know about a device to check its data. */
export interface DeviceTags {
  deviceId: number;
  /** null while registered but not bound: its data is dropped. */
  teamId: number | null;
  templateId: number | null;
  /**
   * Tag id -> data type code: the device's template tags and its monitor points; OVER_QUOTA for
   * those beyond its TAG allocation (the last ones in template order, then points).
   */
  types: ReadonlyMap<number, number>;
  /** Its template is locked (billing): everything it sends is counted, nothing stored. */
  templateLocked?: boolean;
  /** Least time between two stored samples, ms (its TAG level); 0 or absent: no limit. */
  intervalMs?: number;
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
  /** Device id -> timestamp of its last stored sample (the interval rule; outlives reloads). */
  readonly keptAt = new Map<number, number>();

  constructor(
    private readonly catalogue: Pick<Catalogue, 'deviceBySn' | 'tags'>,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
    private readonly quotas: IngestQuotas = unlimited,
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

  /** The billing quotas of the team (of these devices only, when given) changed: read them again. */
  invalidateTeam(teamId: number, deviceIds?: readonly number[]): void {
    for (const [sn, entry] of this.entries) {
      const d = entry.value;
      if (d && d.teamId === teamId && (!deviceIds || deviceIds.includes(d.deviceId))) this.entries.delete(sn);
    }
    // A load under way may have read the old quota: not cached (see `get`).
    this.loading.clear();
  }

  private async load(sn: string): Promise<DeviceTags | null> {
    const device = await this.catalogue.deviceBySn(sn);
    let value: DeviceTags | null = null;
    if (device) {
      const types = new Map<number, number>();
      let quota: IngestQuota | undefined;
      if (device.team_id !== null) {
        const [tags, q] = await Promise.all([
          this.catalogue.tags.ofDevice(device.id),
          this.quotas.quotaOf({
            id: device.id,
            teamId: device.team_id,
            templateId: device.template_id,
            tagLimit: device.tag_limit,
          }),
        ]);
        quota = q;
        const limit = q.tags ?? device.tag_limit;
        for (const [i, t] of tags.entries()) types.set(t.id, i < limit ? t.data_type : OVER_QUOTA);
      }
      value = {
        deviceId: device.id,
        teamId: device.team_id,
        templateId: device.template_id,
        types,
        templateLocked: quota?.templateLocked ?? false,
        intervalMs: quota?.intervalMs ?? 0,
      };
    }
    return value;
  }
}
