import type { ScreenDocument } from '@hmi/domain';
import { DragSnap, type SnapGuide } from './drag-snap.ts';
import { boundsOf, unionOf } from './widget-geometry.ts';

/*
 * A drag's snapping on the canvas (drag-snap.ts says why it is ours and not react-moveable's):
 * begun with the widgets the drag moves, it snaps each translation and draws the guide lines in
 * the stage's guide layer, design px, one screen px thick, from a small pool of elements restyled
 * in place (no React render during the drag).
 */

/** Snapping distance in screen px (moveable's snapThreshold, which resizes keep). */
export const SNAP_THRESHOLD_PX = 5;

export interface SnapContext {
  doc: ScreenDocument;
  hidden: ReadonlySet<string>;
  zoom: number;
  /** Grid step in design px; 0: none. */
  grid: number;
  /** The stage's guide layer. */
  layer: HTMLElement | null;
}

export class DragSnapping {
  private snap: DragSnap | null = null;
  private zoom = 1;
  private readonly pool: HTMLElement[] = [];

  constructor(private readonly context: () => SnapContext) {}

  /** A drag of the widgets `ids` begins: the lines it may snap to are gathered once. */
  begin(ids: readonly string[]): void {
    const { doc, hidden, zoom, grid } = this.context();
    const moving = new Set(ids);
    const start = unionOf(doc.widgets.filter((w) => moving.has(w.id)).map(boundsOf));
    const others = doc.widgets.filter((w) => !moving.has(w.id) && !hidden.has(w.id)).map(boundsOf);
    this.zoom = zoom;
    this.snap = start ? new DragSnap(start, others, doc.size, grid, SNAP_THRESHOLD_PX / zoom) : null;
  }

  /** The drag's translation snapped, its guides shown. */
  apply(tx: number, ty: number): { tx: number; ty: number } {
    if (!this.snap) return { tx, ty };
    const r = this.snap.snap(tx, ty);
    this.show(r.guides);
    return r;
  }

  /** The drag ended: no more guides. */
  end(): void {
    this.snap = null;
    this.show([]);
  }

  private show(guides: readonly SnapGuide[]): void {
    const layer = this.context().layer;
    if (!layer) return;
    while (this.pool.length < guides.length) {
      const el = document.createElement('div');
      layer.appendChild(el);
      this.pool.push(el);
    }
    const t = 1 / this.zoom;
    guides.forEach((g, i) => {
      const el = this.pool[i]!;
      const vertical = g.axis === 'x';
      el.className = `designer-guide designer-guide-${vertical ? 'vertical' : 'horizontal'}`;
      const s = el.style;
      s.display = '';
      s.left = `${vertical ? g.pos - t / 2 : g.from}px`;
      s.top = `${vertical ? g.from : g.pos - t / 2}px`;
      s.width = `${vertical ? t : g.to - g.from}px`;
      s.height = `${vertical ? g.to - g.from : t}px`;
    });
    for (let i = guides.length; i < this.pool.length; i++) this.pool[i]!.style.display = 'none';
  }
}
