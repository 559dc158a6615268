import { z } from 'zod';
import { multiLineText, singleLineText, validateMultiLineText } from '../validation/free-text.validation.ts';
import { refineWith } from '../validation/zod-glue.ts';

/*
 * The small pieces a SCADA screen document is made of (scada/screen-document.ts): its limits,
 * colours, ids, bounded numbers and texts, and the binding of a widget to one tag of one device.
 * Every number is finite and bounded, every string and array has a maximum, every object is
 * strict: a document is stored as JSON the browser sent, so anything hostile or mistyped is
 * refused with zod issues rather than stored, and the full-screen runtime (/scada) can trust
 * what it loads.
 */

export const ScreenLimits = {
  widthMin: 100,
  widthMax: 7680,
  heightMin: 100,
  heightMax: 4320,
  defaultWidth: 1920,
  defaultHeight: 1080,
  /** Widgets on one screen (the designer and the runtime stay smooth). */
  widgetsMax: 2000,
  widgetIdMax: 40,
  /** Position of a widget's top-left corner, in design px (may lie off the screen while designing). */
  positionMin: -10_000,
  positionMax: 20_000,
  /** Width and height of a widget, in design px. */
  extentMin: 1,
  extentMax: 20_000,
  /** Stacking order of a widget (higher is in front). */
  zMin: -1_000_000,
  zMax: 1_000_000,
  decimalsMax: 6,
  fontSizeMin: 6,
  fontSizeMax: 400,
  /** Text shown on a text or label widget. */
  textMax: 1000,
  /** Button, nav and switch labels, units. */
  labelMax: 100,
  formatMax: 40,
  /** A string value an action writes (as a STRING tag write, settagValue). */
  valueTextMax: 4096,
  actionsMax: 16,
  rangesMax: 32,
  svgMarksMax: 500,
  svgSelectorMax: 100,
  trendSecondsMin: 10,
  trendSecondsMax: 86_400,
  alarmRowsMax: 200,
  /** Characters of a text-input's value (its min/max bound the length). */
  textInputMax: 4096,
} as const;

/** A database id (device, tag, screen, recipe, asset, zone). */
export const screenRefId = z.number().int().positive();

/** A finite number (NaN and Infinity never reach JSON as numbers, but a hostile caller may try). */
export const finite = z.number().finite();

/** A colour as #RRGGBB or #RRGGBBAA (alpha last), hex digits of either case. */
export const hexColor = z
  .string()
  .max(9)
  .regex(/^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/, { error: 'expected a colour as #RRGGBB or #RRGGBBAA' });

export const decimals = z.number().int().min(0).max(ScreenLimits.decimalsMax);
export const fontSize = z.number().int().min(ScreenLimits.fontSizeMin).max(ScreenLimits.fontSizeMax);

/** Text a designer types that shows on one line (button labels, units, formats). */
export const lineText = (max: number) => singleLineText.max(max);
/** Text shown on the screen that may span lines (text and label widgets). */
export const blockText = multiLineText.max(ScreenLimits.textMax);

/**
 * A value written to a tag: a finite number, or a string for a STRING tag, written as typed
 * (never trimmed) under the multi-line free-text rule, as settagValue (api/settag.api.ts).
 */
export const writeValue = z.union([
  finite,
  z.string().max(ScreenLimits.valueTextMax).superRefine(refineWith(validateMultiLineText)),
]);
export type ScreenWriteValue = z.infer<typeof writeValue>;

/**
 * How a tag's raw value is shown: `value * scale + offset`, then `decimals` places, then
 * `format`, a pattern with `{value}` where the number goes (e.g. `{value} °C`).
 */
export const screenBindingTransform = z.strictObject({
  scale: finite.optional(),
  offset: finite.optional(),
  format: lineText(ScreenLimits.formatMax).optional(),
  decimals: decimals.optional(),
});
export type ScreenBindingTransform = z.infer<typeof screenBindingTransform>;

/** One tag of one device that a widget reads (and, for inputs and actions, writes). */
export const screenBinding = z.strictObject({
  deviceId: screenRefId,
  tagId: screenRefId,
  transform: screenBindingTransform.optional(),
});
export type ScreenBinding = z.infer<typeof screenBinding>;

/** A (device, tag) pair without its transform: what a screen reads or writes. */
export interface ScreenTagRef {
  deviceId: number;
  tagId: number;
}

/** A widget's key in the document: client-made, letters, digits, '-' and '_'. */
export const widgetId = z
  .string()
  .min(1)
  .max(ScreenLimits.widgetIdMax)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'a widget id holds only letters, digits, "-" and "_"' });

/** The security zone whose holders may run a widget's actions (null or absent: none needed). */
export const zoneRef = screenRefId.nullable().optional();

export const position = finite.min(ScreenLimits.positionMin).max(ScreenLimits.positionMax);
export const extent = finite.min(ScreenLimits.extentMin).max(ScreenLimits.extentMax);

/** Widths and heights of a whole screen in px. */
export const screenWidth = z.number().int().min(ScreenLimits.widthMin).max(ScreenLimits.widthMax);
export const screenHeight = z.number().int().min(ScreenLimits.heightMin).max(ScreenLimits.heightMax);
