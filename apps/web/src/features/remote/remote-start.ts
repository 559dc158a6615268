import { storage } from '../../shared/storage/storage.ts';
import { StorageKey } from '../../shared/storage/storage-keys.ts';

/**
 * "Don't ask again" before a billable remote session (issue 24): a choice of this browser; the
 * confirmation shows unless it is '1'.
 */
export const remoteStartPreference = {
  askFirst: (): boolean => storage.get(StorageKey.REMOTE_NO_CONFIRM) !== '1',
  set(askFirst: boolean): void {
    if (askFirst) storage.remove(StorageKey.REMOTE_NO_CONFIRM);
    else storage.set(StorageKey.REMOTE_NO_CONFIRM, '1');
  },
};
