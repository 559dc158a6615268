import type { ScreenWidget } from '@hmi/domain';
import { inverseTransform } from './format-value.ts';
import type { LiveCell } from './widget-types.ts';

/*
 * What a bound widget shows while it is being designed (no live value): a plausible raw value
 * for its type, so the designer sees a lamp lit, a bar partly filled, digits with the chosen
 * decimals and format.
 */

const SAMPLE_SHARE = 0.65;

/** A raw value that reads `share` of the way along min..max once transformed. */
const along = (w: ScreenWidget, min: number, max: number): number =>
  inverseTransform(min + SAMPLE_SHARE * (max - min), w.binding?.transform);

function sampleValue(w: ScreenWidget): number | string | null {
  switch (w.type) {
    case 'text':
    case 'text-input':
      return 'ABC';
    case 'lamp':
      if (w.props.mode === 'ranges') {
        const r = w.props.ranges[0];
        return r ? inverseTransform((r.min + r.max) / 2, w.binding?.transform) : 1;
      }
      return w.props.bit === undefined ? 1 : 2 ** w.props.bit;
    case 'bar':
    case 'gauge':
      return along(w, w.props.min, w.props.max);
    case 'trend':
      return along(w, w.props.min ?? 0, w.props.max ?? 100);
    case 'switch':
      return w.props.onValue;
    case 'numeric-input':
      return along(w, w.props.min ?? 0, w.props.max ?? 100);
    default:
      return 123.456;
  }
}

/** The cell a widget shows while designed (a good sample), or undefined when it has no binding. */
export function sampleCell(w: ScreenWidget): LiveCell | undefined {
  const bound = w.binding !== undefined || (w.type === 'svg' && w.props.marks.length > 0);
  return bound ? { value: sampleValue(w), quality: 'good' } : undefined;
}
