import type { ScreenSize, ScreenWidget } from '@hmi/domain';
import { boundsOf, unionOf, type GeometryChange, type Rect } from './widget-geometry.ts';

/*
 * Arranging the selection: align, distribute and stacking order. Align and distribute work on
 * the upright box each widget covers (a turned widget lines up by what the user sees) and move
 * only unlocked widgets; a locked widget in the selection still counts as the reference it is
 * aligned to. One widget aligns to the screen. They answer geometry changes that the editor
 * applies as one step.
 */

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type DistributeAxis = 'horizontal' | 'vertical';
export type ZOrderMove = 'forward' | 'backward' | 'front' | 'back';

/** How far a box moves to line up with `ref` along `edge`. */
function offsetTo(edge: AlignEdge, b: Rect, ref: Rect): { dx: number; dy: number } {
  switch (edge) {
    case 'left':
      return { dx: ref.left - b.left, dy: 0 };
    case 'center':
      return { dx: ref.left + ref.width / 2 - (b.left + b.width / 2), dy: 0 };
    case 'right':
      return { dx: ref.left + ref.width - (b.left + b.width), dy: 0 };
    case 'top':
      return { dx: 0, dy: ref.top - b.top };
    case 'middle':
      return { dx: 0, dy: ref.top + ref.height / 2 - (b.top + b.height / 2) };
    case 'bottom':
      return { dx: 0, dy: ref.top + ref.height - (b.top + b.height) };
  }
}

/**
 * Lines up the selected widgets along one edge or centre line of the selection's box (of the
 * screen when one widget is selected). Only widgets that move are in the answer.
 */
export function alignChanges(
  selected: readonly ScreenWidget[],
  edge: AlignEdge,
  screen: ScreenSize,
): GeometryChange[] {
  const ref =
    selected.length === 1
      ? { left: 0, top: 0, width: screen.width, height: screen.height }
      : unionOf(selected.map(boundsOf));
  if (!ref) return [];
  const changes: GeometryChange[] = [];
  for (const w of selected) {
    if (w.locked) continue;
    const { dx, dy } = offsetTo(edge, boundsOf(w), ref);
    if (Math.round(dx) !== 0 || Math.round(dy) !== 0) changes.push({ id: w.id, x: w.x + dx, y: w.y + dy });
  }
  return changes;
}

/**
 * Spaces the unlocked selected widgets (three or more) evenly along an axis: the first and the
 * last (by their boxes' starts) stay, and the gaps between neighbouring boxes become equal.
 */
export function distributeChanges(selected: readonly ScreenWidget[], axis: DistributeAxis): GeometryChange[] {
  const movable = selected.filter((w) => !w.locked);
  if (movable.length < 3) return [];
  const horizontal = axis === 'horizontal';
  const start = (r: Rect) => (horizontal ? r.left : r.top);
  const size = (r: Rect) => (horizontal ? r.width : r.height);
  const items = movable
    .map((w) => ({ w, b: boundsOf(w) }))
    .sort((a, b) => start(a.b) - start(b.b) || start(a.b) + size(a.b) - (start(b.b) + size(b.b)));
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const span = start(last.b) + size(last.b) - start(first.b);
  const gap = (span - items.reduce((s, it) => s + size(it.b), 0)) / (items.length - 1);
  const changes: GeometryChange[] = [];
  let cursor = start(first.b) + size(first.b) + gap;
  for (const { w, b } of items.slice(1, -1)) {
    const d = cursor - start(b);
    if (Math.round(d) !== 0)
      changes.push(horizontal ? { id: w.id, x: w.x + d, y: w.y } : { id: w.id, x: w.x, y: w.y + d });
    cursor += size(b) + gap;
  }
  return changes;
}

/** Widget indexes from back to front: by z, equal z by array order (as the screen draws them). */
export function paintOrder(widgets: readonly ScreenWidget[]): number[] {
  return widgets.map((_, i) => i).sort((a, b) => widgets[a]!.z - widgets[b]!.z || a - b);
}

function moveInOrder(order: number[], chosen: (i: number) => boolean, how: ZOrderMove): number[] {
  if (how === 'front') return [...order.filter((i) => !chosen(i)), ...order.filter(chosen)];
  if (how === 'back') return [...order.filter(chosen), ...order.filter((i) => !chosen(i))];
  const next = [...order];
  if (how === 'forward') {
    // From the front down: a chosen widget passes the unchosen one just in front of it.
    for (let k = next.length - 2; k >= 0; k--)
      if (chosen(next[k]!) && !chosen(next[k + 1]!)) [next[k], next[k + 1]] = [next[k + 1]!, next[k]!];
  } else {
    for (let k = 1; k < next.length; k++)
      if (chosen(next[k]!) && !chosen(next[k - 1]!)) [next[k], next[k - 1]] = [next[k - 1]!, next[k]!];
  }
  return next;
}

/**
 * The widgets with the selected ones moved in the stacking order. The z values become 0..n-1 in
 * the new order (no ties left); the array order stays, and a widget whose z does not change
 * keeps its identity.
 */
export function reorderZ(
  widgets: readonly ScreenWidget[],
  selectedIds: ReadonlySet<string>,
  how: ZOrderMove,
): ScreenWidget[] {
  const order = moveInOrder(paintOrder(widgets), (i) => selectedIds.has(widgets[i]!.id), how);
  const rank = new Map<number, number>();
  order.forEach((index, r) => rank.set(index, r));
  return widgets.map((w, i) => {
    const z = rank.get(i)!;
    return z === w.z ? w : { ...w, z };
  });
}
