import type { DataScope } from '../../lib/data-scope.ts';
import type { Catalogue } from '../device/index.ts';
import type { HistoryStore, LastValueRow } from '../history-store/index.ts';

/** Reads of the live views: devices in scope with their tags in monitor order (the catalogue), last values (history store). */
export class LiveRepo {
  constructor(
    private readonly catalogue: Pick<Catalogue, 'devicesInScope' | 'tags'>,
    private readonly store: HistoryStore,
  ) {}

  /** The devices among `ids` in the scope, with their tag ids in order (template tags, then points). */
  async devicesWithTags(scope: DataScope, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const devices = await this.catalogue.devicesInScope(scope, ids);
    // The device's tags in the monitor's order: template tags, then its own monitor points.
    const tags = await this.catalogue.tags.ofDevices(devices.map((d) => d.id));
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
  lastValues(deviceId: number, tagIds?: readonly number[]): Promise<LastValueRow[]> {
    return this.store.lastValues.ofDevice(deviceId, tagIds);
  }
}
