import { z } from 'zod';
import { screenBinding, finite, hexColor, ScreenLimits } from './screen-primitives.ts';

/*
 * The live parts of an svg widget: a mark names one element of the uploaded SVG by its id and
 * drives one of its attributes from a tag. A mark without its own binding follows the widget's
 * binding (the document refuses an svg widget where a mark has neither).
 */

/** An element id of the SVG (as in `<path id="valve-1">`), matched exactly, never a CSS selector. */
export const svgSelector = z
  .string()
  .min(1)
  .max(ScreenLimits.svgSelectorMax)
  .regex(/^[A-Za-z0-9_.:-]+$/, {
    error: 'an svg element id holds only letters, digits, "_", ".", ":" and "-"',
  });

/** Values from `min` to `max` (both included) show `color`; the first matching range wins. */
export const colorRange = z
  .strictObject({ min: finite, max: finite, color: hexColor })
  .refine((r) => r.min <= r.max, { error: 'a range needs min <= max', path: ['max'] });
export type ScreenColorRange = z.infer<typeof colorRange>;

export const colorRanges = z.array(colorRange).max(ScreenLimits.rangesMax);

const markBase = {
  selector: svgSelector,
  /** Absent: the widget's binding. */
  binding: screenBinding.optional(),
};

/** The element's text content becomes the value (through the binding's transform). */
export const svgTextMark = z.strictObject({ ...markBase, attribute: z.literal('text') });

/** The element's fill is the colour of the first range holding the value, else `otherwise` (else unchanged). */
export const svgFillMark = z.strictObject({
  ...markBase,
  attribute: z.literal('fill'),
  ranges: colorRanges.min(1),
  otherwise: hexColor.optional(),
});

/**
 * The element shows while `min <= value <= max` (a bound left out is open); with neither bound
 * it shows while the value is non-zero.
 */
export const svgVisibilityMark = z
  .strictObject({
    ...markBase,
    attribute: z.literal('visibility'),
    min: finite.optional(),
    max: finite.optional(),
  })
  .refine((m) => m.min === undefined || m.max === undefined || m.min <= m.max, {
    error: 'a visibility mark needs min <= max',
    path: ['max'],
  });

const angle = finite.min(-360).max(360);

/**
 * The element turns about its centre by an angle mapped linearly from the value: `valueMin` is
 * `angleMin` degrees, `valueMax` is `angleMax` (values outside are held at the ends).
 */
export const svgRotationMark = z
  .strictObject({
    ...markBase,
    attribute: z.literal('rotation'),
    valueMin: finite,
    valueMax: finite,
    angleMin: angle.default(0),
    angleMax: angle.default(360),
  })
  .refine((m) => m.valueMin < m.valueMax, {
    error: 'a rotation mark needs valueMin < valueMax',
    path: ['valueMax'],
  });

export const svgMark = z.discriminatedUnion('attribute', [
  svgTextMark,
  svgFillMark,
  svgVisibilityMark,
  svgRotationMark,
]);
export type SvgMark = z.infer<typeof svgMark>;
export type SvgMarkAttribute = SvgMark['attribute'];
