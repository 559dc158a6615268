import { STORAGE_KEY_PREFIX, StorageKey as SpecStorageKey } from '@hmi/domain';

/**
 * The keys of SPEC section 3 from the domain package, plus those the web client adds: the
 * cached card-type list (cleared on a language switch), the accepted cookie notice and the
 * critical-alarm sound choice ('1' on; off when absent).
 * index.html reads THEME with the same prefix before first paint; keep them in step.
 */
export const StorageKey = {
  ...SpecStorageKey,
  CARD_TYPES: 'CARD_TYPES',
  COOKIE_NOTICE: 'COOKIE_NOTICE',
  ALARM_SOUND: 'ALARM_SOUND',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export const STORAGE_PREFIX = STORAGE_KEY_PREFIX;
