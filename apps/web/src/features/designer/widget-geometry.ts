import { ScreenLimits, type ScreenWidget } from '@hmi/domain';

/*
 * The geometry the designer computes with: a widget's box as the screen document stores it
 * (top-left x/y, w x h, turned `rotation` degrees about its centre) and the upright box a turned
 * widget covers, which is what the user sees, so aligning and distributing work on it. Every
 * value written back is rounded and held inside the document's bounds (ScreenLimits), so no
 * drag, nudge or arrangement can make the document invalid.
 */

/** An upright rectangle in design px. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What a drag, resize or rotation may change of one widget. */
export interface GeometryChange {
  id: string;
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  rotation?: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** A position in whole px inside the document's bounds. */
export const clampPosition = (v: number): number =>
  clamp(Math.round(v), ScreenLimits.positionMin, ScreenLimits.positionMax);

/** A width or height in whole px, at least 1. */
export const clampExtent = (v: number): number =>
  clamp(Math.round(v), ScreenLimits.extentMin, ScreenLimits.extentMax);

/** Degrees in [0, 360), to a tenth of a degree. */
export function normalRotation(deg: number): number {
  if (!Number.isFinite(deg)) return 0;
  const r = Math.round((((deg % 360) + 360) % 360) * 10) / 10;
  return r >= 360 ? 0 : r;
}

/** To a millionth of a px: cos 90° is 6e-17, not 0. */
const fine = (v: number) => Math.round(v * 1e6) / 1e6;

/** The upright box a widget covers once turned about its centre. */
export function boundsOf(w: Pick<ScreenWidget, 'x' | 'y' | 'w' | 'h' | 'rotation'>): Rect {
  const rad = (w.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const width = fine(w.w * cos + w.h * sin);
  const height = fine(w.w * sin + w.h * cos);
  const cx = w.x + w.w / 2;
  const cy = w.y + w.h / 2;
  return { left: fine(cx - width / 2), top: fine(cy - height / 2), width, height };
}

/** The smallest upright box holding every rectangle (undefined for none). */
export function unionOf(rects: readonly Rect[]): Rect | undefined {
  if (rects.length === 0) return undefined;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const r of rects) {
    left = Math.min(left, r.left);
    top = Math.min(top, r.top);
    right = Math.max(right, r.left + r.width);
    bottom = Math.max(bottom, r.top + r.height);
  }
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The widget with a change applied (rounded and bounded); the same object when nothing changes,
 * so a widget that did not move keeps its identity and its memoised box does not re-render.
 */
export function withGeometry(w: ScreenWidget, c: GeometryChange): ScreenWidget {
  const x = c.x === undefined ? w.x : clampPosition(c.x);
  const y = c.y === undefined ? w.y : clampPosition(c.y);
  const width = c.w === undefined ? w.w : clampExtent(c.w);
  const height = c.h === undefined ? w.h : clampExtent(c.h);
  const rotation = c.rotation === undefined ? w.rotation : normalRotation(c.rotation);
  if (x === w.x && y === w.y && width === w.w && height === w.h && rotation === w.rotation) return w;
  return { ...w, x, y, w: width, h: height, rotation };
}

/** `v` to the nearest multiple of `step` (a step of 0 or less leaves it). */
export const snapTo = (v: number, step: number): number => (step > 0 ? Math.round(v / step) * step : v);
