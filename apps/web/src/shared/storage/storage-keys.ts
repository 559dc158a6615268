/** Version carried by the storage key prefix; bumping it orphans every old stored value. */
export const STORAGE_VERSION = '1.0.4';
/**
 * Prefix of every key this client stores. public/theme-boot.js reads THEME with it before first
 * paint: keep them in step.
 */
export const STORAGE_PREFIX = `hmicloud_${STORAGE_VERSION}_`;

/**
 * Browser storage keys (without prefix): those of SPEC section 3, then those the web client adds:
 * the cached card-type list (cleared on a language switch), the accepted cookie notice and the
 * critical-alarm sound choice ('1' on; off when absent), the remote screen's "don't ask again"
 * before a billable session ('1': open at once), and the lease of the tab that refreshes the
 * tokens where the browser has no Web Locks (shared/http/refresh-lock.ts). Only the browser stores them: the
 * server and the simulator never read them.
 */
export const StorageKey = {
  TOKEN: 'TOKEN',
  REFRESHTOKEN: 'REFRESHTOKEN',
  HOST: 'HOST',
  USER_INFO: 'USER_INFO',
  CURRENTREGION: 'CURRENTREGION',
  THEME: 'THEME',
  LOCALE: 'LOCALE',
  CARD_TYPES: 'CARD_TYPES',
  COOKIE_NOTICE: 'COOKIE_NOTICE',
  ALARM_SOUND: 'ALARM_SOUND',
  REMOTE_NO_CONFIRM: 'REMOTE_NO_CONFIRM',
  REFRESH_LEASE: 'REFRESH_LEASE',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];
