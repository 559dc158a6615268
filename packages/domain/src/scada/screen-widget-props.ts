import { z } from 'zod';
import {
  blockText,
  decimals,
  finite,
  fontSize,
  hexColor,
  lineText,
  screenRefId,
  ScreenLimits,
  writeValue,
} from './screen-primitives.ts';
import { colorRanges, svgMark } from './screen-svg-marks.ts';

/*
 * The props of each widget type: what the widget looks like and how it shows its value. The
 * value itself comes from the widget's `binding` (its transform applies first); what a press
 * does is the widget's `actions`. Cosmetic fields have defaults, so the designer may leave them
 * out; the parsed document always holds them.
 */

export const textAlign = z.enum(['left', 'center', 'right']);

const BLACK = '#000000';

/** text: the bound tag's value as text (a STRING tag), `text` while unbound; label: `text`, fixed. */
export const textProps = z.strictObject({
  text: blockText.default(''),
  fontSize: fontSize.default(16),
  color: hexColor.default(BLACK),
  align: textAlign.default('left'),
});

/** The bound value as a number with `decimals` places and its unit. */
export const numericProps = z.strictObject({
  decimals: decimals.default(0),
  unit: lineText(ScreenLimits.labelMax).default(''),
  fontSize: fontSize.default(16),
  color: hexColor.default(BLACK),
});

/**
 * A lamp: `bit` mode is on (onColor) while the value is non-zero, or while its bit `bit` is set
 * when given (a status word); `ranges` mode shows the colour of the first range holding the value,
 * else offColor.
 */
export const lampProps = z
  .strictObject({
    mode: z.enum(['bit', 'ranges']).default('bit'),
    bit: z.number().int().min(0).max(63).optional(),
    onColor: hexColor.default('#22C55E'),
    offColor: hexColor.default('#6B7280'),
    ranges: colorRanges.default([]),
  })
  .refine((p) => p.mode !== 'ranges' || p.ranges.length > 0, {
    error: 'a lamp in ranges mode needs at least one range',
    path: ['ranges'],
  });

/** A bar (filled from min to max) or a gauge (a needle over min..max). */
export const scaleProps = z
  .strictObject({
    min: finite.default(0),
    max: finite.default(100),
    color: hexColor.default('#3B82F6'),
  })
  .refine((p) => p.min < p.max, { error: 'the scale needs min < max', path: ['max'] });

/** The bound value over the last `seconds`; min/max fix the vertical scale (absent: automatic). */
export const trendProps = z
  .strictObject({
    seconds: z
      .number()
      .int()
      .min(ScreenLimits.trendSecondsMin)
      .max(ScreenLimits.trendSecondsMax)
      .default(600),
    min: finite.optional(),
    max: finite.optional(),
    color: hexColor.default('#3B82F6'),
  })
  .refine((p) => p.min === undefined || p.max === undefined || p.min < p.max, {
    error: 'a trend needs min < max',
    path: ['max'],
  });

/** Writes a typed number to the bound tag; a number outside min..max is refused before it is written. */
export const numericInputProps = z
  .strictObject({ min: finite.optional(), max: finite.optional() })
  .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, {
    error: 'an input needs min <= max',
    path: ['max'],
  });

const textLength = z.number().int().min(0).max(ScreenLimits.textInputMax);
/** Writes typed text to the bound tag; min and max bound its length in characters. */
export const textInputProps = z
  .strictObject({ min: textLength.optional(), max: textLength.optional() })
  .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, {
    error: 'an input needs min <= max',
    path: ['max'],
  });

/** A push button: a press runs the widget's actions (a button without actions does nothing). */
export const buttonProps = z.strictObject({
  label: lineText(ScreenLimits.labelMax).default(''),
  fontSize: fontSize.default(16),
  color: hexColor.default('#FFFFFF'),
  background: hexColor.default('#2563EB'),
});

/** Shows on while the bound tag equals onValue; a press writes the other value. */
export const switchProps = z
  .strictObject({ onValue: writeValue.default(1), offValue: writeValue.default(0) })
  .refine((p) => p.onValue !== p.offValue, {
    error: 'a switch needs onValue != offValue',
    path: ['offValue'],
  });

/** An uploaded picture. */
export const imageProps = z.strictObject({ assetId: screenRefId });

/** An uploaded SVG whose marked elements follow tags. */
export const svgProps = z.strictObject({
  assetId: screenRefId,
  marks: z.array(svgMark).max(ScreenLimits.svgMarksMax).default([]),
});

/** The active alarms of the screen's project (newest first). */
export const alarmListProps = z.strictObject({
  maxRows: z.number().int().min(1).max(ScreenLimits.alarmRowsMax).default(20),
});

/** A button that opens another screen of the project. */
export const navProps = z.strictObject({
  label: lineText(ScreenLimits.labelMax).default(''),
  screenId: screenRefId,
});

/** The widget types a screen may hold. */
export const screenWidgetTypes = [
  'text',
  'label',
  'numeric',
  'lamp',
  'bar',
  'gauge',
  'trend',
  'numeric-input',
  'text-input',
  'button',
  'switch',
  'image',
  'svg',
  'alarm-list',
  'nav',
] as const;
export const screenWidgetType = z.enum(screenWidgetTypes);
export type ScreenWidgetType = z.infer<typeof screenWidgetType>;

/** Every widget type with the schema of its props. */
export const screenWidgetProps = {
  text: textProps,
  label: textProps,
  numeric: numericProps,
  lamp: lampProps,
  bar: scaleProps,
  gauge: scaleProps,
  trend: trendProps,
  'numeric-input': numericInputProps,
  'text-input': textInputProps,
  button: buttonProps,
  switch: switchProps,
  image: imageProps,
  svg: svgProps,
  'alarm-list': alarmListProps,
  nav: navProps,
} as const satisfies Record<ScreenWidgetType, z.ZodType>;

export type ScreenWidgetProps<T extends ScreenWidgetType> = z.infer<(typeof screenWidgetProps)[T]>;
