import type { ScreenBindingTransform, ScreenColorRange, ScreenWidgetProps } from '@hmi/domain';
import { displayedNumber, toNumber } from './format-value.ts';

/*
 * What the indicators draw from a value: a lamp's colour, a bar's fill, a gauge's needle, a
 * switch's state. Bit tests read the raw value (a status word is raw by nature); ranges and
 * scales read the engineering value (after the binding's transform), the units the designer
 * typed them in. Pure and tested.
 */

/** The raw value as a 64-bit integer, when it is one (a numeric string of a UINT64 too). */
function integerOf(value: number | string | null): bigint | null {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  return null;
}

/** A lamp in bit mode is on while the value is non-zero, or while its bit `bit` is set when given. */
export function lampOn(value: number | string | null, bit?: number): boolean {
  if (bit === undefined) {
    const n = toNumber(value);
    return n !== null && n !== 0;
  }
  const i = integerOf(value);
  // Two's complement for negative words: bit 63 of -1 is set.
  return i !== null && ((BigInt.asUintN(64, i) >> BigInt(bit)) & 1n) === 1n;
}

/** The first range holding `n` (both ends included). */
export function rangeColor(ranges: readonly ScreenColorRange[], n: number | null): string | undefined {
  if (n === null) return undefined;
  return ranges.find((r) => n >= r.min && n <= r.max)?.color;
}

/** A lamp's colour for a value (null: none yet, drawn in the off colour). */
export function lampColor(
  props: ScreenWidgetProps<'lamp'>,
  value: number | string | null,
  t?: ScreenBindingTransform,
): string {
  if (props.mode === 'bit') return lampOn(value, props.bit) ? props.onColor : props.offColor;
  return rangeColor(props.ranges, displayedNumber(value, t)) ?? props.offColor;
}

/** Where `n` lies between min and max, 0..1 (held at the ends); 0 without a value. */
export function scaleFraction(n: number | null, min: number, max: number): number {
  if (n === null || !(max > min)) return 0;
  return Math.min(1, Math.max(0, (n - min) / (max - min)));
}

/** The gauge's arc: from -GAUGE_SWEEP/2 to +GAUGE_SWEEP/2 degrees about twelve o'clock. */
export const GAUGE_SWEEP = 240;

/** The needle's angle in degrees (0 = up, clockwise) for a fraction of the scale. */
export const gaugeAngle = (fraction: number): number => -GAUGE_SWEEP / 2 + fraction * GAUGE_SWEEP;

/** A point on a circle of radius r about (cx, cy) at `deg` (0 = up, clockwise). */
export function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [cx + r * Math.sin(rad), cy - r * Math.cos(rad)];
}

/** An SVG arc path about (cx, cy) from angle a to b (degrees, 0 = up, clockwise, b > a). */
export function arcPath(cx: number, cy: number, r: number, a: number, b: number): string {
  if (b - a <= 0) return '';
  const [x1, y1] = polar(cx, cy, r, a);
  const [x2, y2] = polar(cx, cy, r, b);
  const large = b - a > 180 ? 1 : 0;
  const f = (n: number) => n.toFixed(2);
  return `M ${f(x1)} ${f(y1)} A ${r} ${r} 0 ${large} 1 ${f(x2)} ${f(y2)}`;
}

/** Two written values that are the same tag value (1 and "1", 1 and true). */
function sameValue(a: number | string | boolean | null, b: number | string | boolean): boolean {
  if (a === null) return false;
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== null && y !== null) return x === y;
  return String(a) === String(b);
}

/** A switch shows on while its tag holds onValue (compared as numbers when both are). */
export const switchOn = (value: number | string | null, onValue: number | string): boolean =>
  sameValue(value, onValue);
