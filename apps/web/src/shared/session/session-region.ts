import { isRegion, type Region, type UserProfile } from '@hmi/domain';
import { storage } from '../storage/storage.ts';
import { StorageKey } from '../storage/storage-keys.ts';

/** The region the session works in: the one of the login reply, else the first of the profile. */
export function sessionRegion(profile?: UserProfile): Region {
  const stored = storage.get(StorageKey.CURRENTREGION);
  if (isRegion(stored)) return stored;
  const first = profile?.data_center.split(',')[0]?.trim();
  return isRegion(first) ? first : 'cn';
}
