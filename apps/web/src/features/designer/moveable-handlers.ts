import type {
  MoveableProps,
  OnDrag,
  OnDragStart,
  OnResize,
  OnResizeStart,
  OnRotate,
  OnRotateStart,
} from 'react-moveable';
import type { DragFrames } from './drag-frames.ts';
import type { GeometryChange } from './widget-geometry.ts';

/*
 * react-moveable's events for one box and for a group, turned into DragFrames updates: a
 * translation (drag, and the move a resize or a group rotation makes), a size, a rotation. Each
 * gesture's end hands the editor one geometry step; a press without a move changes nothing.
 */

function dragStart(frames: DragFrames, e: OnDragStart): void {
  if (frames.start(e.target)) e.set([0, 0]);
}
function drag(frames: DragFrames, e: OnDrag): void {
  frames.update(e.target, { tx: e.beforeTranslate[0] ?? 0, ty: e.beforeTranslate[1] ?? 0 });
}

function resizeStart(frames: DragFrames, e: OnResizeStart): void {
  if (!frames.start(e.target)) return;
  e.setOrigin(['%', '%']);
  if (e.dragStart) e.dragStart.set([0, 0]);
}
/** The translation a resize or rotation made (moveable may leave its drag out). */
function translateOf(drag: OnDrag | undefined): { tx: number; ty: number } {
  const t = (drag as OnDrag | undefined)?.beforeTranslate ?? [];
  return { tx: t[0] ?? 0, ty: t[1] ?? 0 };
}

function resize(frames: DragFrames, e: OnResize): void {
  frames.update(e.target, { w: e.width, h: e.height, ...translateOf(e.drag) });
}

function rotateStart(frames: DragFrames, e: OnRotateStart): void {
  const frame = frames.start(e.target);
  if (!frame) return;
  e.set(frame.rotation);
  if (e.dragStart) e.dragStart.set([0, 0]);
}
function rotate(frames: DragFrames, e: OnRotate): void {
  frames.update(e.target, { rotation: e.beforeRotation, ...translateOf(e.drag) });
}

/** Moveable's gesture handlers over `frames`; `commit` gets each gesture's changes at its end. */
export function moveableHandlers(
  frames: DragFrames,
  commit: (changes: GeometryChange[]) => void,
): Partial<MoveableProps> {
  const end = () => {
    const changes = frames.end();
    if (changes.length > 0) commit(changes);
  };
  return {
    onDragStart: (e) => dragStart(frames, e),
    onDrag: (e) => drag(frames, e),
    onDragEnd: end,
    onDragGroupStart: (e) => e.events.forEach((ev) => dragStart(frames, ev)),
    onDragGroup: (e) => e.events.forEach((ev) => drag(frames, ev)),
    onDragGroupEnd: end,
    onResizeStart: (e) => resizeStart(frames, e),
    onResize: (e) => resize(frames, e),
    onResizeEnd: end,
    onResizeGroupStart: (e) => e.events.forEach((ev) => resizeStart(frames, ev)),
    onResizeGroup: (e) => e.events.forEach((ev) => resize(frames, ev)),
    onResizeGroupEnd: end,
    onRotateStart: (e) => rotateStart(frames, e),
    onRotate: (e) => rotate(frames, e),
    onRotateEnd: end,
    onRotateGroupStart: (e) => e.events.forEach((ev) => rotateStart(frames, ev)),
    onRotateGroup: (e) => e.events.forEach((ev) => rotate(frames, ev)),
    onRotateGroupEnd: end,
  };
}
