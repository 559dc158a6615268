import type { ScreenScale, ScreenSize } from '@hmi/domain';

/*
 * How a screen of design size w x h sits in the space the page gives it. The designer's geometry
 * is the truth: there is one layout, drawn at design size and scaled as a whole (a CSS transform
 * of the stage), never re-flowed. fit: uniformly, as large as fits, centred (letterboxed); fill:
 * stretched to the space on each axis; fixed: 1:1, scrolling when larger, centred when smaller.
 *
 * On a phone (a space narrower than PHONE_MAX_WIDTH) a running screen is not drawn as a stage:
 * ScreenView flows the same widgets in reading order at a legible size (screen-flow.ts), since a
 * 1920 px screen fit to 375 px is a fifth of its size and its 16 px text 3 px. The designer and
 * its preview always draw the stage; screenFit still answers `fit` for a phone-wide space (the
 * whole design, in proportion) for those.
 */

/** Spaces narrower than this (px) are phones: the screen is shown `fit` whatever its scale. */
export const PHONE_MAX_WIDTH = 576;

export interface ScreenFit {
  /** The scale the screen is shown with (fit on a phone). */
  mode: ScreenScale;
  scaleX: number;
  scaleY: number;
  /** Where the scaled stage's top-left corner sits in the space (px). */
  left: number;
  top: number;
  /** The space the scaled stage takes (px): the scroll area of `fixed`. */
  width: number;
  height: number;
}

/** The scale a screen is shown with in a space `spaceWidth` px wide. */
export const effectiveScale = (scale: ScreenScale, spaceWidth: number): ScreenScale =>
  spaceWidth > 0 && spaceWidth < PHONE_MAX_WIDTH ? 'fit' : scale;

/** Where and how large a screen of `size` is drawn in a space of `space` (px). */
export function screenFit(
  scale: ScreenScale,
  size: ScreenSize,
  space: { width: number; height: number },
): ScreenFit {
  const mode = effectiveScale(scale, space.width);
  const bw = Math.max(0, space.width);
  const bh = Math.max(0, space.height);
  if (mode === 'fill') {
    return {
      mode,
      scaleX: bw / size.width,
      scaleY: bh / size.height,
      left: 0,
      top: 0,
      width: bw,
      height: bh,
    };
  }
  const s = mode === 'fit' ? Math.min(bw / size.width, bh / size.height) : 1;
  const width = size.width * s;
  const height = size.height * s;
  return {
    mode,
    scaleX: s,
    scaleY: s,
    left: Math.max(0, (bw - width) / 2),
    top: Math.max(0, (bh - height) / 2),
    width,
    height,
  };
}
