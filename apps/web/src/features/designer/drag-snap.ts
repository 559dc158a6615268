import type { Rect } from './widget-geometry.ts';

/*
 * Where a dragged widget (or a multi-selection's box) snaps, in design px, from the document's
 * geometry alone: its left, centre and right to the other widgets' left, centre and right lines
 * and to the screen's edges and centre (and the same down), else its edges to the grid, within a
 * threshold; with the guide lines to show. react-moveable snapped drags by measuring every other
 * widget's box and rebuilding hundreds of guideline objects on every pointer move (about 60 % of
 * a move's work with 150 other widgets, docs/benchmarks.md); here the candidate lines are sorted
 * once when the drag begins and each move looks up the few near it. Resizes and rotations keep
 * moveable's snapping (DesignerCanvas).
 */

/** A guide line to draw: vertical (axis 'x') at x = pos from y = from to y = to, or horizontal. */
export interface SnapGuide {
  axis: 'x' | 'y';
  pos: number;
  from: number;
  to: number;
}

/** A line something may snap to, on one axis, with its extent on the other (for its guide). */
interface Line {
  pos: number;
  from: number;
  to: number;
}

const byPos = (a: Line, b: Line) => a.pos - b.pos;

/** The first index of `lines` (sorted) whose pos is at least `pos`. */
function lowerBound(lines: readonly Line[], pos: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.pos < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** To a thousandth of a px, without -0 (3.4 + (100 - 103.4) is -5.7e-15). */
const fine = (v: number) => Math.round(v * 1000) / 1000 + 0;

/** Lines at `pos` (to a hundredth of a px). */
const EXACT = 0.01;

/** One axis: the smallest shift that puts one of `edges` on a line or (its ends) on the grid. */
function shiftOf(lines: readonly Line[], edges: readonly number[], grid: number, threshold: number): number {
  let best: number | null = null;
  for (const m of edges) {
    for (let i = lowerBound(lines, m - threshold); i < lines.length && lines[i]!.pos <= m + threshold; i++) {
      const d = lines[i]!.pos - m;
      if (best === null || Math.abs(d) < Math.abs(best)) best = d;
    }
  }
  if (grid > 0)
    for (const m of [edges[0]!, edges[2]!]) {
      const d = Math.round(m / grid) * grid - m;
      // A widget's line wins over the grid at the same distance.
      if (Math.abs(d) <= threshold && (best === null || Math.abs(d) < Math.abs(best) - EXACT)) best = d;
    }
  return best ?? 0;
}

/** The guides of the lines `edges` stand on, each spanning its line and the moved box. */
function guidesOf(
  axis: 'x' | 'y',
  lines: readonly Line[],
  edges: readonly number[],
  span: readonly [number, number],
): SnapGuide[] {
  const guides = new Map<number, SnapGuide>();
  for (const m of edges)
    for (let i = lowerBound(lines, m - EXACT); i < lines.length && lines[i]!.pos <= m + EXACT; i++) {
      const line = lines[i]!;
      const g = guides.get(line.pos) ?? { axis, pos: line.pos, from: span[0], to: span[1] };
      g.from = Math.min(g.from, line.from);
      g.to = Math.max(g.to, line.to);
      guides.set(line.pos, g);
    }
  return [...guides.values()];
}

export class DragSnap {
  private readonly xs: Line[] = [];
  private readonly ys: Line[] = [];

  /**
   * `start`: the dragged box where the drag began; `others`: the boxes it may snap to (upright
   * bounds of the widgets not dragged); `threshold` in design px.
   */
  constructor(
    private readonly start: Rect,
    others: readonly Rect[],
    screen: { width: number; height: number },
    private readonly grid: number,
    private readonly threshold: number,
  ) {
    const { width, height } = screen;
    for (const pos of [0, width / 2, width]) this.xs.push({ pos, from: 0, to: height });
    for (const pos of [0, height / 2, height]) this.ys.push({ pos, from: 0, to: width });
    for (const r of others) {
      const right = r.left + r.width;
      const bottom = r.top + r.height;
      for (const pos of [r.left, r.left + r.width / 2, right]) this.xs.push({ pos, from: r.top, to: bottom });
      for (const pos of [r.top, r.top + r.height / 2, bottom]) this.ys.push({ pos, from: r.left, to: right });
    }
    this.xs.sort(byPos);
    this.ys.sort(byPos);
  }

  /** The translation (tx, ty) from the start, snapped, and the guides of the lines it stands on. */
  snap(tx: number, ty: number): { tx: number; ty: number; guides: SnapGuide[] } {
    const { left, top, width, height } = this.start;
    const xEdges = (dx: number) => [left + dx, left + dx + width / 2, left + dx + width];
    const yEdges = (dy: number) => [top + dy, top + dy + height / 2, top + dy + height];
    const sx = fine(tx + shiftOf(this.xs, xEdges(tx), this.grid, this.threshold));
    const sy = fine(ty + shiftOf(this.ys, yEdges(ty), this.grid, this.threshold));
    const guides = [
      ...guidesOf('x', this.xs, xEdges(sx), [top + sy, top + sy + height]),
      ...guidesOf('y', this.ys, yEdges(sy), [left + sx, left + sx + width]),
    ];
    return { tx: sx, ty: sy, guides };
  }
}
