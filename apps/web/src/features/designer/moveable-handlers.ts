import type {
  MoveableProps,
  OnDrag,
  OnDragStart,
  OnResize,
  OnResizeStart,
  OnRotate,
  OnRotateStart,
} from 'react-moveable';
import type { DragFrames, Frame } from './drag-frames.ts';
import type { GroupFrames } from './group-frames.ts';
import type { GeometryChange } from './widget-geometry.ts';

/*
 * react-moveable's events turned into frame updates: a translation (drag, and the move a resize
 * or a rotation makes), a size, a rotation. Moveable always has one target: one widget's box
 * (DragFrames) or, for a multi-selection, the proxy box that stands for the group (GroupFrames,
 * which places the widgets from it), so its group events never come. Each gesture's end hands
 * the editor one geometry step; a press without a move changes nothing.
 */

type Patch = Partial<Pick<Frame, 'tx' | 'ty' | 'w' | 'h' | 'rotation'>>;

/** What a gesture's events drive: one box's frame or the group's. */
interface Frames {
  start(el: HTMLElement | SVGElement, kind?: 'drag' | 'resize' | 'rotate'): { rotation: number } | undefined;
  update(el: HTMLElement | SVGElement, patch: Patch): void;
}

/** A drag's snapping (drag-snapping.ts): begun with the dragged element, then each translation snapped. */
export interface Snapping {
  begin(el: HTMLElement | SVGElement): void;
  apply(tx: number, ty: number): { tx: number; ty: number };
  end(): void;
}

function dragStart(frames: Frames, snapping: Snapping, e: OnDragStart): void {
  if (!frames.start(e.target, 'drag')) return;
  e.set([0, 0]);
  snapping.begin(e.target);
}
function drag(frames: Frames, snapping: Snapping, e: OnDrag): void {
  const { tx, ty } = snapping.apply(e.beforeTranslate[0] ?? 0, e.beforeTranslate[1] ?? 0);
  frames.update(e.target, { tx, ty });
}

function resizeStart(frames: Frames, e: OnResizeStart): void {
  if (!frames.start(e.target)) return;
  e.setOrigin(['%', '%']);
  if (e.dragStart) e.dragStart.set([0, 0]);
}
/** The translation a resize or rotation made (moveable may leave its drag out). */
function translateOf(drag: OnDrag | undefined): { tx: number; ty: number } {
  const t = (drag as OnDrag | undefined)?.beforeTranslate ?? [];
  return { tx: t[0] ?? 0, ty: t[1] ?? 0 };
}

function resize(frames: Frames, e: OnResize): void {
  frames.update(e.target, { w: e.width, h: e.height, ...translateOf(e.drag) });
}

function rotateStart(frames: Frames, e: OnRotateStart): void {
  const frame = frames.start(e.target);
  if (!frame) return;
  e.set(frame.rotation);
  if (e.dragStart) e.dragStart.set([0, 0]);
}
function rotate(frames: Frames, e: OnRotate): void {
  frames.update(e.target, { rotation: e.beforeRotation, ...translateOf(e.drag) });
}

/** Moveable's gesture handlers over `frames` and `group`; `commit` gets each gesture's changes at its end. */
export function moveableHandlers(
  frames: DragFrames,
  group: GroupFrames,
  commit: (changes: GeometryChange[]) => void,
  snapping: Snapping,
): Partial<MoveableProps> {
  const of = (el: HTMLElement | SVGElement): Frames => (group.owns(el) ? group : frames);
  const end = () => {
    snapping.end();
    group.end();
    const changes = frames.end();
    if (changes.length > 0) commit(changes);
  };
  return {
    onDragStart: (e) => dragStart(of(e.target), snapping, e),
    onDrag: (e) => drag(of(e.target), snapping, e),
    onDragEnd: end,
    onResizeStart: (e) => resizeStart(of(e.target), e),
    onResize: (e) => resize(of(e.target), e),
    onResizeEnd: end,
    onRotateStart: (e) => rotateStart(of(e.target), e),
    onRotate: (e) => rotate(of(e.target), e),
    onRotateEnd: end,
  };
}
