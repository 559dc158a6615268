import type { ScreenDocument } from '@hmi/domain';

/*
 * The canvas's zoom: the steps the toolbar's buttons go through, and the zoom that shows the
 * whole screen in the space the canvas has.
 */

const ZOOM_STEPS = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4];
/** The next zoom step up (or down) from `zoom`. */
export function zoomStep(zoom: number, up: boolean): number {
  if (up) return ZOOM_STEPS.find((z) => z > zoom + 0.001) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((z) => z < zoom - 0.001) ?? ZOOM_STEPS[0]!;
}

const FIT_MARGIN = 64;

/** The zoom that shows the whole screen in a space (px). */
export function fitZoom(size: ScreenDocument['size'], space: { width: number; height: number }): number {
  const z = Math.min((space.width - FIT_MARGIN) / size.width, (space.height - FIT_MARGIN) / size.height);
  return Math.max(0.05, Math.min(4, Number.isFinite(z) && z > 0 ? z : 1));
}
