import { afterEach, describe, expect, it } from 'vitest';
import type { CardTypesReply } from '@hmi/domain';
import { STORAGE_PREFIX, StorageKey } from '../../shared/storage/storage-keys.ts';
import { readCachedCardTypes, writeCachedCardTypes } from './card-types-cache.ts';

const reply: CardTypesReply = {
  list: [
    {
      type: 'ca',
      name_key: 'billing:cardType.ca',
      quota_fields: ['templates', 'tags', 'level'],
      validity_years: 1,
    },
    { type: 'ra', name_key: 'billing:cardType.ra', quota_fields: ['gigabytes'], validity_years: 1 },
  ],
};
const key = STORAGE_PREFIX + StorageKey.CARD_TYPES;

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('card types cache', () => {
  it('keeps the reply in localStorage under CARD_TYPES and reads it back with its time', () => {
    expect(readCachedCardTypes()).toBeUndefined();
    writeCachedCardTypes(reply, 1_700_000_000_000);
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual({ saved_at: 1_700_000_000_000, reply });
    expect(readCachedCardTypes()).toEqual({ saved_at: 1_700_000_000_000, reply });
  });

  it('is gone once the key is removed (what a language switch does)', () => {
    writeCachedCardTypes(reply, 1);
    localStorage.removeItem(key);
    expect(readCachedCardTypes()).toBeUndefined();
  });

  it.each([
    ['not JSON', '{oops'],
    ['an older format (the bare reply)', JSON.stringify(reply)],
    ['no time', JSON.stringify({ reply })],
    ['a reply off the contract', JSON.stringify({ saved_at: 1, reply: { list: [{ type: 'xx' }] } })],
  ])('treats %s as nothing cached', (_what, raw) => {
    localStorage.setItem(key, raw);
    expect(readCachedCardTypes()).toBeUndefined();
  });
});
