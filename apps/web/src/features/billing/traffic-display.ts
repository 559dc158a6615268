import { CardStatus, ErrorCode, type BillingCard, type MonthTrafficList } from '@hmi/domain';

export type MonthRow = MonthTrafficList['list'][number];

/** The team's RA cards that can still go to a device: active and not allocated yet. */
export const allocatableRaCards = (cards: readonly BillingCard[] | undefined): BillingCard[] =>
  (cards ?? []).filter((c) => c.type === 'ra' && c.status === CardStatus.Active && !c.allocated);

/** True when the team holds an active RA card (allocated or not). */
export const hasActiveRaCard = (cards: readonly BillingCard[] | undefined): boolean =>
  (cards ?? []).some((c) => c.type === 'ra' && c.status === CardStatus.Active);

/**
 * What the month switch of a row allows (SPEC 4: once on for a month it cannot be switched off
 * that month): `locked` on in the current month; `past` a past month (read only); `noTraffic`
 * off with nothing left on the device's cards (switching on would be 1046: allocate first);
 * undefined: the switch can be used.
 */
export type SwitchBlock = 'locked' | 'past' | 'noTraffic' | undefined;
export function switchBlockOf(
  row: Pick<MonthRow, 'on' | 'month' | 'remaining_bytes'>,
  current: string,
): SwitchBlock {
  if (row.month < current) return 'past';
  if (row.on && row.month === current) return 'locked';
  if (!row.on && row.remaining_bytes <= 0) return 'noTraffic';
  return undefined;
}

/** The 12G prompt of a row: none, asking (1047, a session waits for the answer), answered (1048). */
export const prompt12gState = (row: Pick<MonthRow, 'prompt_12g'>): 'none' | 'ask' | 'confirmed' =>
  row.prompt_12g === ErrorCode.E1047_TRAFFIC_12G_CONFIRM
    ? 'ask'
    : row.prompt_12g === ErrorCode.E1048_TRAFFIC_12G_CONFIRMED
      ? 'confirmed'
      : 'none';

/** The rows shown: one device when the address names it, else those whose name holds the search. */
export function visibleRows(
  rows: readonly MonthRow[],
  filter: { device?: number | undefined; search?: string | undefined },
) {
  const q = filter.search?.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (filter.device === undefined || r.device_id === filter.device) &&
      (!q || (r.name ?? '').toLowerCase().includes(q)),
  );
}
