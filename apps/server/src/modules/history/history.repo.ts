import type { DataScope } from '../../lib/data-scope.ts';
import type { Catalogue } from '../device/index.ts';

/** What the history API reads of the device catalogue: the device a read is about and its tags (values come from the history store). */
export class HistoryRepo {
  constructor(private readonly catalogue: Pick<Catalogue, 'device' | 'tags'>) {}

  device(scope: DataScope, id: number) {
    return this.catalogue.device(scope, id);
  }

  tags(deviceId: number) {
    return this.catalogue.tags.ofDevice(deviceId);
  }
}
