import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CardKind } from '@hmi/domain';
import { billingApi, billingKeys } from './billing.api.ts';
import { readCachedCardTypes, writeCachedCardTypes } from './card-types-cache.ts';

/** The list hardly ever changes: read it again from the server once a day at most. */
const CARD_TYPES_STALE_MS = 24 * 3600_000;

/**
 * The card types (GET /billing/cardTypes), shown at once from the browser's cache (initialData)
 * and written back there whenever the server is read.
 */
export function useCardTypes(enabled = true) {
  const cached = readCachedCardTypes();
  return useQuery({
    queryKey: billingKeys.cardTypes,
    queryFn: async ({ signal }) => {
      const reply = await billingApi.cardTypes(signal);
      writeCachedCardTypes(reply);
      return reply;
    },
    enabled,
    staleTime: CARD_TYPES_STALE_MS,
    ...(cached ? { initialData: cached.reply, initialDataUpdatedAt: cached.saved_at } : {}),
  });
}

/** The i18n key of a card type's name: the server's (name_key), else the console's own. */
export function useCardTypeName(): (type: CardKind) => string {
  const { data } = useCardTypes();
  return useCallback(
    (type: CardKind) => data?.list.find((c) => c.type === type)?.name_key ?? `billing:cardType.${type}`,
    [data],
  );
}
