import type { ScreenWidget } from '@hmi/domain';

/*
 * The geometry of a multi-selection's gesture. The canvas gives react-moveable one target for a
 * selection of several widgets, a proxy box covering them (moveable then measures and snaps one
 * box per pointer move instead of one per widget), and places the widgets from the proxy's
 * frame: a drag moves them by the proxy's translation, a resize scales their places and sizes
 * about the proxy's box, a rotation turns them about its centre. The box is the one moveable's
 * own group drew: turned by the widgets' rotation when they all share one, else upright.
 */

type Placed = Pick<ScreenWidget, 'x' | 'y' | 'w' | 'h' | 'rotation'>;

/** A box turned `rotation` degrees about its centre (design px). */
export interface GroupBox {
  cx: number;
  cy: number;
  w: number;
  h: number;
  rotation: number;
}

/** A gesture's frame: a translation from the box's place, its size and rotation (as DragFrames keeps them). */
export interface GroupFrame {
  tx: number;
  ty: number;
  w: number;
  h: number;
  rotation: number;
}

/** Rotations closer than this (degrees) count as one (moveable's group uses the same). */
const SAME_ROTATION = 0.1;
const RAD = Math.PI / 180;

const normal = (deg: number) => ((deg % 360) + 360) % 360;
const sameRotation = (a: number, b: number) => {
  const d = Math.abs(normal(a) - normal(b));
  return Math.min(d, 360 - d) < SAME_ROTATION;
};
/** To a millionth (cos 90° is 6e-17, not 0), and no -0. */
const fine = (v: number) => Math.round(v * 1e6) / 1e6 + 0;

/** (x, y) turned `deg` degrees about the origin (clockwise on screen: y points down). */
function turn(x: number, y: number, deg: number): [number, number] {
  if (deg === 0) return [x, y];
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  return [x * c - y * s, x * s + y * c];
}

/** The box holding every widget; undefined for none. */
export function groupBoxOf(widgets: readonly Placed[]): GroupBox | undefined {
  const first = widgets[0];
  if (!first) return undefined;
  const rotation = widgets.every((w) => sameRotation(w.rotation, first.rotation))
    ? normal(first.rotation)
    : 0;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const w of widgets) {
    // The widget's centre and half extents in the box's own (turned) axes.
    const [x, y] = turn(w.x + w.w / 2, w.y + w.h / 2, -rotation);
    const rel = (w.rotation - rotation) * RAD;
    const cos = Math.abs(Math.cos(rel));
    const sin = Math.abs(Math.sin(rel));
    const hw = (w.w * cos + w.h * sin) / 2;
    const hh = (w.w * sin + w.h * cos) / 2;
    left = Math.min(left, x - hw);
    right = Math.max(right, x + hw);
    top = Math.min(top, y - hh);
    bottom = Math.max(bottom, y + hh);
  }
  const [cx, cy] = turn((left + right) / 2, (top + bottom) / 2, rotation);
  return { cx: fine(cx), cy: fine(cy), w: fine(right - left), h: fine(bottom - top), rotation };
}

/** Where a box's unturned top-left corner sits (its CSS left and top; it turns about its centre). */
export const boxCorner = (box: GroupBox) => ({ left: box.cx - box.w / 2, top: box.cy - box.h / 2 });

/**
 * Where a widget of the group goes when the group's box, `box` at the gesture's start, stands at
 * `frame`: the widget's frame (translation from its own place, size, rotation). A translation
 * alone moves every widget by exactly that much; a resize scales the widget's offset from the
 * box's centre along the box's axes and its sides by the scale along them; a rotation turns the
 * offset and adds to the widget's own rotation.
 */
export function placeInGroup(widget: Placed, box: GroupBox, frame: GroupFrame): GroupFrame {
  const turned = frame.rotation - box.rotation;
  if (frame.w === box.w && frame.h === box.h && turned === 0)
    return { tx: frame.tx, ty: frame.ty, w: widget.w, h: widget.h, rotation: widget.rotation };
  const sx = box.w > 0 ? frame.w / box.w : 1;
  const sy = box.h > 0 ? frame.h / box.h : 1;
  // The box's centre moved by the translation and by half its growth (it is placed by its corner).
  const cx = box.cx + frame.tx + (frame.w - box.w) / 2;
  const cy = box.cy + frame.ty + (frame.h - box.h) / 2;
  // The widget's centre in the box's axes, scaled, then back in the screen's at the box's new rotation.
  const [lx, ly] = turn(widget.x + widget.w / 2 - box.cx, widget.y + widget.h / 2 - box.cy, -box.rotation);
  const [ox, oy] = turn(lx * sx, ly * sy, frame.rotation);
  // Each side scales by the box's scale along the direction it points in.
  const rel = (widget.rotation - box.rotation) * RAD;
  const cos = Math.cos(rel);
  const sin = Math.sin(rel);
  const w = widget.w * Math.hypot(sx * cos, sy * sin);
  const h = widget.h * Math.hypot(sx * sin, sy * cos);
  return {
    tx: cx + ox - w / 2 - widget.x,
    ty: cy + oy - h / 2 - widget.y,
    w,
    h,
    rotation: widget.rotation + turned,
  };
}

/**
 * A widget's box inside the group's box, as fractions of the group's width and height (the
 * group's own axes, unturned top-left corner) and the widget's rotation relative to the group's:
 * drawn inside the proxy, the widget's selection outline then follows the proxy's gesture.
 */
export function memberBoxIn(widget: Placed, box: GroupBox) {
  const [lx, ly] = turn(widget.x + widget.w / 2 - box.cx, widget.y + widget.h / 2 - box.cy, -box.rotation);
  const w = box.w > 0 ? box.w : 1;
  const h = box.h > 0 ? box.h : 1;
  return {
    left: fine((lx + box.w / 2 - widget.w / 2) / w),
    top: fine((ly + box.h / 2 - widget.h / 2) / h),
    width: fine(widget.w / w),
    height: fine(widget.h / h),
    rotation: normal(widget.rotation - box.rotation),
  };
}
