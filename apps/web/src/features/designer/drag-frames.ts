import type { ScreenWidget } from '@hmi/domain';
import type { GeometryChange } from './widget-geometry.ts';

/*
 * What a gesture on the canvas does between its start and its end, outside React: react-moveable
 * reports every mouse move of a drag, resize or rotation (one event per target of a group) and
 * the box elements are restyled directly (translate, size, rotation), so dragging 50 widgets
 * re-renders nothing. At the end the frames become one geometry step for the editor, and each
 * element gets back the inline style React gave it: React then draws the committed geometry
 * (restoring first matters: React only writes the style properties whose values it changed, so a
 * translate left behind would stay on a box whose left/top React did not change).
 */

/** One element's gesture so far: a translation from its widget's place, its size and rotation. */
export interface Frame {
  id: string;
  tx: number;
  ty: number;
  w: number;
  h: number;
  rotation: number;
  /** The element's inline style when the gesture began. */
  startStyle: string;
}

type Box = HTMLElement | SVGElement;

/**
 * Gives a box its own compositing layer for the gesture: its moves are then the compositor's and
 * the stage is not painted again on each frame (bench/designer-drag, 50 boxes: a little less
 * main-thread work a frame than without, more layers to place but no repaint). The end of the
 * gesture takes it off with the rest of the gesture's style.
 */
export function composite(el: Box): void {
  el.style.willChange = 'transform';
}

/** Shows a box at its frame: its size, and translated from its place and turned about its centre. */
export function showFrame(el: Box, f: Pick<Frame, 'tx' | 'ty' | 'w' | 'h' | 'rotation'>): void {
  el.style.width = `${f.w}px`;
  el.style.height = `${f.h}px`;
  el.style.transform = `translate(${f.tx}px, ${f.ty}px) rotate(${f.rotation}deg)`;
}

/** The widget id a box element carries (`data-widget-id`). */
export const widgetIdOf = (el: Element): string | undefined =>
  (el as HTMLElement).dataset?.widgetId ?? el.getAttribute('data-widget-id') ?? undefined;

export class DragFrames {
  private readonly frames = new Map<Box, Frame>();

  constructor(private readonly widgetOf: (id: string) => ScreenWidget | undefined) {}

  /** Starts (or continues) the gesture of one box; undefined for an element that is not a widget's. */
  start(el: Box): Frame | undefined {
    const known = this.frames.get(el);
    if (known) return known;
    const id = widgetIdOf(el);
    const widget = id === undefined ? undefined : this.widgetOf(id);
    if (!id || !widget) return undefined;
    const frame: Frame = {
      id,
      tx: 0,
      ty: 0,
      w: widget.w,
      h: widget.h,
      rotation: widget.rotation,
      startStyle: el.style.cssText,
    };
    this.frames.set(el, frame);
    composite(el);
    return frame;
  }

  /** Moves the box's frame and shows it at once (no React render). */
  update(el: Box, patch: Partial<Pick<Frame, 'tx' | 'ty' | 'w' | 'h' | 'rotation'>>): void {
    const frame = this.frames.get(el) ?? this.start(el);
    if (!frame) return;
    Object.assign(frame, patch);
    showFrame(el, frame);
  }

  /** Whether a gesture is under way. */
  get active(): boolean {
    return this.frames.size > 0;
  }

  /**
   * Ends the gesture: the geometry of each box that changed (design px, from its widget's place),
   * each element's inline style put back as it was, the frames forgotten.
   */
  end(): GeometryChange[] {
    const changes: GeometryChange[] = [];
    for (const [el, f] of this.frames) {
      el.style.cssText = f.startStyle;
      const widget = this.widgetOf(f.id);
      if (!widget) continue;
      const change: GeometryChange = {
        id: f.id,
        x: widget.x + f.tx,
        y: widget.y + f.ty,
        w: f.w,
        h: f.h,
        rotation: f.rotation,
      };
      const moved =
        f.tx !== 0 || f.ty !== 0 || f.w !== widget.w || f.h !== widget.h || f.rotation !== widget.rotation;
      if (moved) changes.push(change);
    }
    this.frames.clear();
    return changes;
  }
}
