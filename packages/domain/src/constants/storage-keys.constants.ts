/** Version carried by the storage key prefix; bumping it orphans every old stored value. */
export const STORAGE_VERSION = '1.0.4';
export const STORAGE_KEY_PREFIX = `hmicloud_${STORAGE_VERSION}_`;

/** Browser storage keys of SPEC section 3 (without prefix). */
export const StorageKey = {
  TOKEN: 'TOKEN',
  REFRESHTOKEN: 'REFRESHTOKEN',
  HOST: 'HOST',
  USER_INFO: 'USER_INFO',
  CURRENTREGION: 'CURRENTREGION',
  THEME: 'THEME',
  LOCALE: 'LOCALE',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** The full, prefixed key under which `key` is stored in the browser. */
export function storageKey(key: StorageKey): string {
  return `${STORAGE_KEY_PREFIX}${key}`;
}
