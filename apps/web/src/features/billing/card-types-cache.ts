import { cardTypesReply, type CardTypesReply } from '@hmi/domain';
import { storage } from '../../shared/storage/storage.ts';
import { StorageKey } from '../../shared/storage/storage-keys.ts';

/** What is stored under CARD_TYPES: the server's reply and when it was read (ms). */
export interface CachedCardTypes {
  saved_at: number;
  reply: CardTypesReply;
}

/**
 * The card-type list kept in the browser (SPEC section 1): read once from the server, then shown
 * from storage; a language switch removes it (switchLocale). Anything stored that does not match
 * the contract (an older client's format, hand-edited) counts as nothing cached.
 */
export function readCachedCardTypes(): CachedCardTypes | undefined {
  const stored = storage.getJson<Partial<CachedCardTypes>>(StorageKey.CARD_TYPES);
  if (!stored || typeof stored.saved_at !== 'number') return undefined;
  const reply = cardTypesReply.safeParse(stored.reply);
  return reply.success ? { saved_at: stored.saved_at, reply: reply.data } : undefined;
}

export function writeCachedCardTypes(reply: CardTypesReply, now: number = Date.now()): void {
  storage.setJson(StorageKey.CARD_TYPES, { saved_at: now, reply } satisfies CachedCardTypes);
}
