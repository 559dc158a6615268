import { describe, expect, it } from 'vitest';
import { STORAGE_PREFIX, StorageKey } from './storage-keys.ts';

describe('storage keys', () => {
  it('the prefix carries version 1.0.4 (public/theme-boot.js and the e2e tests use it as written)', () => {
    expect(STORAGE_PREFIX).toBe('hmicloud_1.0.4_');
  });

  it('holds the keys of SPEC section 3, then the web client’s own', () => {
    expect(Object.keys(StorageKey)).toEqual([
      'TOKEN',
      'REFRESHTOKEN',
      'HOST',
      'USER_INFO',
      'CURRENTREGION',
      'THEME',
      'LOCALE',
      'CARD_TYPES',
      'COOKIE_NOTICE',
      'ALARM_SOUND',
      'REMOTE_NO_CONFIRM',
      'REFRESH_LEASE',
    ]);
    for (const [name, value] of Object.entries(StorageKey)) expect(value).toBe(name);
  });
});
