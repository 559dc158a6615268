import type { DataScope } from '../../lib/data-scope.ts';
import type { Catalogue } from '../device/index.ts';

/** Reads of tag writes: the device and tag to check, from the device catalogue (the last values and the write log are the history store's). */
export class SettagRepo {
  constructor(private readonly catalogue: Pick<Catalogue, 'device' | 'tags'>) {}

  device(scope: DataScope, id: number) {
    return this.catalogue.device(scope, id);
  }

  /** One of the device's tags (a template tag or a monitor point), undefined when it has none such. */
  async tag(deviceId: number, tagId: number) {
    return (await this.catalogue.tags.ofDevice(deviceId)).find((t) => t.id === tagId);
  }
}
