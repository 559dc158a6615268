import {
  CardStatus,
  maskCardNumber,
  TagLevels,
  type BillingCard,
  type MyAccountReply,
  type TagAllocation,
} from '@hmi/domain';

/** A text of the billing namespace with its interpolation values. */
export interface TextPart {
  key: string;
  params?: Record<string, string | number>;
}

const STATUS: Record<CardStatus, { key: string; color: string }> = {
  [CardStatus.NotActivated]: { key: 'status.notActivated', color: 'default' },
  [CardStatus.Active]: { key: 'status.active', color: 'success' },
  [CardStatus.Outdated]: { key: 'status.outdated', color: 'error' },
};

/** The tag of a card's status: its text key and antd Tag colour (an unknown code reads as outdated). */
export const cardStatusView = (status: number) => STATUS[status as CardStatus] ?? STATUS[CardStatus.Outdated];

/** The number as shown: the server sends it masked; anything longer is masked here, never shown whole. */
export const shownCardNumber = (number: string): string =>
  number.startsWith('*') ? number : maskCardNumber(number);

/** What a card holds and what it has left: CA templates and TAGs of a level, RA traffic. */
export function cardHolding(card: BillingCard): TextPart[] {
  if (card.type === 'ra')
    return [{ key: 'holds.gigabytes', params: { left: card.left.gigabytes, total: card.quota.gigabytes } }];
  const parts: TextPart[] = [];
  if (card.quota.templates > 0)
    parts.push({ key: 'holds.templates', params: { count: card.quota.templates } });
  if (card.quota.tags > 0)
    parts.push({
      key: 'holds.tags',
      params: { left: card.left.tags, total: card.quota.tags, level: card.quota.level ?? '-' },
    });
  return parts;
}

/** Used of total as a whole percentage for a progress bar (0 when nothing is available). */
export function usedPercent(used: number, total: number): number {
  if (total <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / total) * 100));
}

/** The levels a device may get: only those above its current one (the level only goes up). */
export function levelChoices(current: number | null | undefined) {
  return TagLevels.filter((l) => current == null || l.level > current);
}

/**
 * What allocating a level would take from the team's active CA cards of that level: the TAGs they
 * have left together, and what the fullest card would leave (the server funds an allocation from
 * one card of exactly that level with enough TAGs left: else 1100). `after` undefined: no card
 * can fund it, the level cannot be allocated.
 */
export function levelFunding(
  cards: readonly BillingCard[] | undefined,
  level: number,
): { left: number; after: number | undefined } {
  const step = TagLevels.find((l) => l.level === level);
  const lefts = (cards ?? [])
    .filter((c) => c.type === 'ca' && c.status === CardStatus.Active && c.quota.level === level)
    .map((c) => c.left.tags);
  const left = lefts.reduce((n, l) => n + l, 0);
  const best = Math.max(0, ...lefts);
  return { left, after: step && best >= step.tags ? left - step.tags : undefined };
}

/** Each device's current TAG level, by device id. */
export const levelsByDevice = (list: readonly TagAllocation[] | undefined): ReadonlyMap<number, number> =>
  new Map((list ?? []).map((a) => [a.device_id, a.level]));

/** The TAG rows of my account with each level's size and interval; levels with nothing are left out. */
export function tagQuotaRows(tags: MyAccountReply['tags']) {
  return tags
    .filter((row) => row.total > 0 || row.used > 0)
    .map((row) => {
      const level = TagLevels.find((l) => l.level === row.level);
      return { ...row, tags: level?.tags, interval_s: level?.interval_s };
    });
}

/** The expiries that will lock templates, soonest first, with the number of the card. */
export function expiryWarnings(account: Pick<MyAccountReply, 'cards' | 'expiry_preview'>) {
  return account.expiry_preview
    .filter((p) => p.templates_over > 0)
    .sort((a, b) => a.expires_at - b.expires_at)
    .map((p) => ({
      ...p,
      number: shownCardNumber(account.cards.find((c) => c.id === p.card_id)?.number ?? ''),
    }));
}

/**
 * Remote Access traffic of the active RA cards: the gigabytes their usage left (the server's
 * `left`, two decimals) of their quotas; undefined without any.
 */
export function trafficSummary(cards: readonly BillingCard[]): { left: number; total: number } | undefined {
  const active = cards.filter((c) => c.type === 'ra' && c.status === CardStatus.Active);
  if (active.length === 0) return undefined;
  // Summed in hundredths: 0.1 + 0.2 reads 0.3, not 0.30000000000000004.
  const hundredths = active.reduce((n, c) => n + Math.round(c.left.gigabytes * 100), 0);
  return {
    left: hundredths / 100,
    total: active.reduce((n, c) => n + c.quota.gigabytes, 0),
  };
}
