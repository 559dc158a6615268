import type { ScreenWidget } from '@hmi/domain';
import { composite, showFrame, widgetIdOf, type DragFrames } from './drag-frames.ts';
import { placeInGroup, type GroupBox, type GroupFrame } from './group-geometry.ts';

/*
 * A gesture on a multi-selection's proxy box (group-geometry.ts says why there is one): react-
 * moveable reports the proxy's translation, size and rotation on each pointer move; the proxy is
 * restyled at once (moveable measures it right after) and the selected widgets' boxes are placed
 * from it through DragFrames once per animation frame, with the frame's last place: moves that
 * come faster than frames do not each restyle 50 boxes and have the browser recompute their
 * styles when moveable measures. The end places them first, then DragFrames makes the gesture's
 * one geometry step; the proxy gets back the inline style React gave it, like the boxes.
 */

/** The multi-selection the canvas shows now: its proxy element, the proxy's box, the widgets' boxes. */
export interface GroupTarget {
  proxy: HTMLElement;
  box: GroupBox;
  members: readonly HTMLElement[];
}

interface Gesture {
  /** A drag: the widgets' copies move in one layer (ghost) and the widgets are placed at the end. */
  ghost: HTMLElement | null;
  proxy: HTMLElement;
  box: GroupBox;
  frame: GroupFrame;
  startStyle: string;
  members: { el: HTMLElement; widget: ScreenWidget }[];
  /** The animation frame that places the widgets (0: none asked). */
  pending: number;
}

export class GroupFrames {
  private gesture: Gesture | undefined;

  constructor(
    private readonly frames: DragFrames,
    private readonly target: () => GroupTarget | undefined,
    private readonly widgetOf: (id: string) => ScreenWidget | undefined,
  ) {}

  /** Whether `el` is the proxy of the selection (a gesture on it moves the group). */
  owns(el: Element): boolean {
    return this.gesture?.proxy === el || this.target()?.proxy === el;
  }

  /** Starts (or continues) the group's gesture; the proxy's frame at its start. */
  start(el: Element, kind: 'drag' | 'resize' | 'rotate' = 'resize'): GroupFrame | undefined {
    if (this.gesture) return this.gesture.frame;
    const target = this.target();
    if (!target || target.proxy !== el) return undefined;
    const { proxy, box } = target;
    const members: Gesture['members'] = [];
    for (const m of target.members) {
      const id = widgetIdOf(m);
      const widget = id === undefined ? undefined : this.widgetOf(id);
      if (widget && this.frames.start(m)) members.push({ el: m, widget });
    }
    const frame = { tx: 0, ty: 0, w: box.w, h: box.h, rotation: box.rotation };
    const ghost = kind === 'drag' ? ghostOf(members.map((m) => m.el)) : null;
    this.gesture = { ghost, proxy, box, frame, startStyle: proxy.style.cssText, members, pending: 0 };
    composite(proxy);
    return frame;
  }

  /** Moves the proxy's frame; the group's widgets follow at the next animation frame (no React render). */
  update(el: Element, patch: Partial<GroupFrame>): void {
    if (!this.gesture) this.start(el);
    const g = this.gesture;
    if (!g) return;
    Object.assign(g.frame, patch);
    showFrame(g.proxy, g.frame);
    if (g.ghost) g.ghost.style.transform = `translate(${g.frame.tx}px, ${g.frame.ty}px)`;
    else if (g.pending === 0) g.pending = requestAnimationFrame(() => this.place(g));
  }

  /** Places every widget of the group from the proxy's frame. */
  private place(g: Gesture): void {
    if (g.pending !== 0) cancelAnimationFrame(g.pending);
    g.pending = 0;
    for (const { el, widget } of g.members) this.frames.update(el, placeInGroup(widget, g.box, g.frame));
  }

  /**
   * Ends the group's gesture: the widgets placed at the proxy's last frame (DragFrames.end() then
   * makes the step), the proxy's inline style put back.
   */
  end(): void {
    const g = this.gesture;
    if (!g) return;
    if (g.ghost) {
      // The widgets take the copies' place (DragFrames.end() puts their own style back: visible).
      this.place(g);
      g.ghost.remove();
    } else if (g.pending !== 0) this.place(g);
    g.proxy.style.cssText = g.startStyle;
    this.gesture = undefined;
  }
}

/**
 * A layer holding copies of `boxes` where they stand (appended to their parent, after them), the
 * boxes hidden meanwhile. The copies carry no widget or test id: nothing takes them for widgets.
 */
function ghostOf(boxes: readonly HTMLElement[]): HTMLElement | null {
  const parent = boxes[0]?.parentElement;
  if (!parent) return null;
  const ghost = document.createElement('div');
  ghost.className = 'designer-ghost';
  for (const box of boxes) {
    const copy = box.cloneNode(true) as HTMLElement;
    copy.removeAttribute('data-widget-id');
    for (const el of [copy, ...copy.querySelectorAll('[data-testid]')]) el.removeAttribute('data-testid');
    copy.classList.replace('designer-box', 'designer-ghost-box');
    copy.style.willChange = '';
    ghost.appendChild(copy);
    box.style.visibility = 'hidden';
    box.style.willChange = '';
  }
  parent.appendChild(ghost);
  return ghost;
}
