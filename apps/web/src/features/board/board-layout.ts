import {
  BoardColumns,
  boardBreakpoints,
  type BoardBreakpoint,
  type BoardCard,
  type BoardLayoutItem,
  type BoardLayouts,
  type BoardThresholds,
} from '@hmi/domain';

/** A card's size when it is added, in columns of the widest breakpoint and rows. */
export const defaultSize = (kind: BoardCard['kind']) =>
  kind === 'indicator' ? { w: 3, h: 3 } : { w: 6, h: 4 };

/** Grid rows in px (the card heights are multiples of it). */
export const ROW_HEIGHT = 60;

/**
 * The layout of every breakpoint for the cards: the stored items of existing cards, and for a
 * card a breakpoint lacks, a place below the others (scaled to the columns; one column stacks).
 */
export function completeLayouts(
  cards: readonly BoardCard[],
  stored: BoardLayouts,
): Record<BoardBreakpoint, BoardLayoutItem[]> {
  const out = {} as Record<BoardBreakpoint, BoardLayoutItem[]>;
  const ids = new Set(cards.map((c) => c.id));
  for (const bp of boardBreakpoints) {
    const cols = BoardColumns[bp];
    const items = (stored[bp] ?? []).filter((it) => ids.has(it.i)).map((it) => clampItem(it, cols));
    const placed = new Set(items.map((it) => it.i));
    let bottom = items.reduce((m, it) => Math.max(m, it.y + it.h), 0);
    let x = 0;
    let rowHeight = 0;
    for (const card of cards) {
      if (placed.has(card.id)) continue;
      const size = defaultSize(card.kind);
      const w = Math.min(cols, Math.max(1, Math.round((size.w * cols) / BoardColumns.lg)));
      if (x + w > cols) {
        bottom += rowHeight;
        x = 0;
        rowHeight = 0;
      }
      items.push({ i: card.id, x, y: bottom, w, h: size.h });
      x += w;
      rowHeight = Math.max(rowHeight, size.h);
    }
    out[bp] = items;
  }
  return out;
}

function clampItem(it: BoardLayoutItem, cols: number): BoardLayoutItem {
  const w = Math.min(it.w, cols);
  return { i: it.i, x: Math.min(it.x, cols - w), y: it.y, w, h: it.h };
}

/** The grid library's layouts as the contract stores them (only its five fields). */
export function toStoredLayouts(
  layouts: Partial<Record<string, readonly { i: string; x: number; y: number; w: number; h: number }[]>>,
): BoardLayouts {
  const out: BoardLayouts = {};
  for (const bp of boardBreakpoints) {
    const items = layouts[bp];
    if (items) out[bp] = items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
  }
  return out;
}

/** The (device, tag) pairs of a card. */
export const cardRefs = (card: BoardCard) =>
  card.kind === 'indicator' ? [{ device_id: card.device_id, tag_id: card.tag_id }] : card.tags;

export type ThresholdLevel = 'ok' | 'warn' | 'alarm' | 'none';

/** alarm outside [low_alarm, high_alarm], warn outside [low_warn, high_warn], else ok; none: no thresholds or no number. */
export function thresholdLevel(value: number | null, t: BoardThresholds): ThresholdLevel {
  const any = t.low_alarm !== null || t.low_warn !== null || t.high_warn !== null || t.high_alarm !== null;
  if (!any || value === null) return 'none';
  if ((t.low_alarm !== null && value < t.low_alarm) || (t.high_alarm !== null && value > t.high_alarm))
    return 'alarm';
  if ((t.low_warn !== null && value < t.low_warn) || (t.high_warn !== null && value > t.high_warn))
    return 'warn';
  return 'ok';
}

/** A new card id (unique on the board). */
export function newCardId(existing: readonly { id: string }[]): string {
  const ids = new Set(existing.map((c) => c.id));
  for (let n = existing.length + 1; ; n++) {
    const id = `c${n}`;
    if (!ids.has(id)) return id;
  }
}

/** min, max and average over series buckets (weighted by rows); null without numbers. */
export function windowStats(
  buckets: readonly {
    min: (number | null)[];
    max: (number | null)[];
    last: unknown[];
    n: number[];
    first: unknown[];
  }[],
): { min: number; max: number; avg: number } | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  for (const s of buckets) {
    for (let i = 0; i < s.n.length; i++) {
      const lo = s.min[i];
      const hi = s.max[i];
      if (lo === null || lo === undefined || hi === null || hi === undefined) continue;
      min = Math.min(min, lo);
      max = Math.max(max, hi);
      // A bucket's mean is not in the reply: (min + max) / 2 weighted by its rows approximates it.
      const n = s.n[i] ?? 0;
      sum += ((lo + hi) / 2) * n;
      count += n;
    }
  }
  return count === 0 ? null : { min, max, avg: sum / count };
}
