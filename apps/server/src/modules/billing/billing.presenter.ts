import {
  CardStatus,
  GIB,
  maskCardNumber,
  type BillingCard,
  type CardKind,
  type RechargeRecordItem,
} from '@hmi/domain';

/** A card row with its batch's quota, as the repositories read it. */
export interface CardWithQuota {
  id: number;
  type: CardKind;
  number: string;
  activated_at: number | null;
  expires_at: number | null;
  templates: number;
  tags: number;
  level: number | null;
  gigabytes: number;
  /** RA: the bytes charged to it (ra_card_allocations.used_bytes; 0 when not allocated). */
  used_bytes?: number | null;
  /** RA: the device the card is allocated to (ra_card_allocations.device_id; null: none). */
  ra_device_id?: number | null;
}

/** RA gigabytes left of a quota after `usedBytes` (GiB = 1024^3), two decimals, rounded down. */
export function gigabytesLeft(gigabytes: number, usedBytes: number): number {
  const left = Math.max(0, gigabytes * GIB - usedBytes);
  return Math.floor((left * 100) / GIB) / 100;
}

/** The status is computed when read: nothing runs when a card expires. */
export function cardStatus(
  card: Pick<CardWithQuota, 'activated_at' | 'expires_at'>,
  now: number,
): CardStatus {
  if (card.activated_at === null) return CardStatus.NotActivated;
  return card.expires_at !== null && card.expires_at <= now ? CardStatus.Outdated : CardStatus.Active;
}

/** A card as the console shows it: number masked, status of `now`, what it holds and has left. */
export function presentCard(card: CardWithQuota, allocatedTags: number, now: number): BillingCard {
  const quota = {
    templates: card.templates,
    tags: card.tags,
    level: card.level,
    gigabytes: card.gigabytes,
  };
  const active = cardStatus(card, now) === CardStatus.Active;
  return {
    id: card.id,
    type: card.type,
    number: maskCardNumber(card.number),
    status: cardStatus(card, now),
    activated_at: card.activated_at,
    expires_at: card.expires_at,
    quota,
    // An outdated card holds nothing any more (what it funded locks: later part).
    left: active
      ? {
          ...quota,
          tags: Math.max(0, card.tags - allocatedTags),
          gigabytes: gigabytesLeft(card.gigabytes, Number(card.used_bytes ?? 0)),
        }
      : { templates: 0, tags: 0, level: card.level, gigabytes: 0 },
    allocated: card.type === 'ra' && card.ra_device_id != null,
  };
}

export function presentRechargeRecord(r: {
  id: number;
  kind: RechargeRecordItem['kind'];
  type: RechargeRecordItem['type'];
  card_id: number;
  card_number: string;
  device_id: number | null;
  device_name: string | null;
  user_id: number | null;
  user_name: string | null;
  detail: string;
  created_at: number;
}): RechargeRecordItem {
  return {
    ...r,
    card_number: maskCardNumber(r.card_number),
    detail: JSON.parse(r.detail) as Record<string, unknown>,
  };
}
