import type { ScreenBindingTransform } from '@hmi/domain';

/*
 * How a bound value reads on a screen: the binding's transform (`value * scale + offset`, then
 * `decimals` places, then `format` with `{value}` where the number goes) over the widget's own
 * display props (a numeric display's decimals and unit). The transform wins where both say
 * something: it belongs to the binding, the props to the look. Inputs edit in the same
 * engineering units and write the raw value back (inverseTransform). Pure: the runtime, the
 * designer's preview and the tests share it.
 */

/** What a bound value is shown as while there is none. */
export const NO_VALUE = '—';

/** Significant digits kept after arithmetic (0.1 * 3 reads 0.3, not 0.30000000000000004). */
const SIGNIFICANT = 12;

/**
 * `n` without the binary noise of decimal arithmetic (kept to 12 significant digits: what a
 * subtraction of nearly equal numbers leaves exact); numbers of 13 or more integer digits are
 * left whole, rounding them would change their digits.
 */
const clean = (n: number): number =>
  Number.isFinite(n) && Math.abs(n) < 10 ** SIGNIFICANT ? Number(n.toPrecision(SIGNIFICANT)) : n;

/** A number of a value (a numeric string too, booleans as 0/1), or null (absent, text). */
export function toNumber(value: number | string | boolean | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const isIdentity = (t?: ScreenBindingTransform): boolean => (t?.scale ?? 1) === 1 && (t?.offset ?? 0) === 0;

/** The engineering value of a raw number: `raw * scale + offset` (scale 1, offset 0 when absent). */
export function applyTransform(raw: number, t?: ScreenBindingTransform): number {
  if (isIdentity(t)) return raw;
  return clean(raw * (t?.scale ?? 1) + (t?.offset ?? 0));
}

/**
 * The raw value to write for an engineering value typed in an input: `(value - offset) / scale`.
 * A scale of 0 has no inverse: the value is written as typed.
 */
export function inverseTransform(value: number, t?: ScreenBindingTransform): number {
  const scale = t?.scale ?? 1;
  if (isIdentity(t) || scale === 0) return value;
  return clean((value - (t?.offset ?? 0)) / scale);
}

/** A raw range (an input's min/max, which the server checks on the raw value) in engineering units. */
export function engineeringBounds(
  min: number | undefined,
  max: number | undefined,
  t?: ScreenBindingTransform,
): { min?: number; max?: number } {
  const a = min === undefined ? undefined : applyTransform(min, t);
  const b = max === undefined ? undefined : applyTransform(max, t);
  // A negative scale swaps the ends (and an open end with them).
  if ((t?.scale ?? 1) < 0) return { ...(b !== undefined && { min: b }), ...(a !== undefined && { max: a }) };
  return { ...(a !== undefined && { min: a }), ...(b !== undefined && { max: b }) };
}

/** The engineering value shown for a cell value: transformed when numeric, else null. */
export function displayedNumber(
  value: number | string | boolean | null | undefined,
  t?: ScreenBindingTransform,
): number | null {
  const n = toNumber(value);
  return n === null ? null : applyTransform(n, t);
}

/** `text` placed in `format` at `{value}` (each one), or followed by it when it has none. */
export function applyFormat(text: string, format?: string): string {
  if (!format) return text;
  return format.includes('{value}') ? format.split('{value}').join(text) : `${text} ${format}`;
}

/** Integers as text that a double cannot hold exactly (UINT64, INT64): shown as they came. */
const wideInteger = (s: string): boolean => /^-?\d{16,}$/.test(s) && !Number.isSafeInteger(Number(s));

export interface DisplayOptions {
  /** Places when the transform names none (a numeric display's props). */
  decimals?: number;
  /** Appended after a space when the transform has no format. */
  unit?: string;
}

/**
 * A value as the screen shows it. Numbers (and numeric strings) go through the transform and get
 * the transform's decimals, else the display's, else as they are; other text is shown as it is.
 * Then the transform's format, else the unit. Nothing (null, undefined) is an em dash.
 */
export function formatValue(
  value: number | string | boolean | null | undefined,
  t?: ScreenBindingTransform,
  options: DisplayOptions = {},
): string {
  if (value === null || value === undefined) return NO_VALUE;
  let text: string;
  if (typeof value === 'string' && wideInteger(value) && isIdentity(t) && t?.decimals === undefined) {
    text = value;
  } else {
    const n = toNumber(value);
    if (n === null) return applyFormat(String(value), t?.format);
    const shown = applyTransform(n, t);
    const places = t?.decimals ?? options.decimals;
    text = places === undefined ? String(clean(shown)) : shown.toFixed(places);
    // -0.001 at 2 places is no negative number.
    if (/^-0(\.0+)?$/.test(text)) text = text.slice(1);
  }
  if (t?.format) return applyFormat(text, t.format);
  return options.unit ? `${text} ${options.unit}` : text;
}
