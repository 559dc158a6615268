import type { ScreenWidget } from '@hmi/domain';

/*
 * A running screen on a phone (a space narrower than PHONE_MAX_WIDTH, screen-fit.ts): the same
 * widgets in reading order, each at its design size or scaled down to the phone's width, instead
 * of the whole 1920 px drawing shrunk to a fifth (375 px), where 16 px text becomes 3 px. The
 * order and sizes are derived from the one geometry the designer draws, so there is no second
 * layout to keep in step; the whole drawing, scaled, is still there with the phone turned
 * sideways (a wider space) and in the designer's preview. What a flow loses: the background
 * picture and where widgets sit relative to each other (a P&ID's svg widget keeps its own
 * drawing, scaled to the width).
 */

/** Gap between flowed widgets, px. */
export const FLOW_GAP = 8;

export interface FlowItem<W> {
  widget: W;
  /** Scale of the widget's design box: 1, or less when it is wider than the phone. */
  scale: number;
  width: number;
  height: number;
}

/** Widgets in reading order: top to bottom, then left to right (rows of widgets whose tops are within half the shorter one's height). */
export function readingOrder<W extends Pick<ScreenWidget, 'x' | 'y' | 'h'>>(widgets: readonly W[]): W[] {
  const byTop = [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: W[][] = [];
  for (const w of byTop) {
    const row = rows[rows.length - 1];
    const head = row?.[0];
    if (row && head && w.y - head.y < Math.min(head.h, w.h) / 2) row.push(w);
    else rows.push([w]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x - b.x));
}

/** The flow of a screen's widgets in a space `width` px wide. */
export function flowItems<W extends Pick<ScreenWidget, 'x' | 'y' | 'w' | 'h'>>(
  widgets: readonly W[],
  width: number,
): FlowItem<W>[] {
  const room = Math.max(40, width - 2 * FLOW_GAP);
  return readingOrder(widgets).map((widget) => {
    const scale = Math.min(1, room / widget.w);
    return { widget, scale, width: widget.w * scale, height: widget.h * scale };
  });
}
