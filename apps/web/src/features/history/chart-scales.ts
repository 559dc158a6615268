import { TagDataType } from '@hmi/domain';
import { lineColumn, maxColumn, minColumn, type ChartData, type Column } from './history-series.ts';

/*
 * How the history chart lays its tags out vertically: one y scale (and axis) per unit, a tag of
 * its own when it has no unit, and BOOL tags as step lanes in a band along the bottom, so that a
 * 0/1 signal is neither flattened beside rpm nor stretched over degrees. Pure: uPlot's options
 * (chart-options.ts) and the data it is given are built from this.
 */

/** What the layout needs of a chosen tag. */
export interface ChartTag {
  id: number;
  unit: string;
  dataType: number;
}

/** Tags sharing one y scale and axis: the same unit, or one tag without a unit. */
export interface AxisGroup {
  /** uPlot scale key. */
  key: string;
  /** '' when the tag has none. */
  unit: string;
  /** Indexes of the tags (in the chosen order). */
  tags: number[];
}

export interface ChartLayout {
  groups: AxisGroup[];
  /** Indexes of the BOOL tags, bottom lane first. */
  lanes: number[];
  /** Share of the plot height (from the bottom) the BOOL lanes take; 1 when only BOOL tags. */
  laneShare: number;
  /** Share of the plot height under the numeric scales: the lanes and a gap above them. */
  floor: number;
}

export const BOOL_SCALE = 'bool';
/** STRING tags: nothing to draw (the legend and the table show their text). */
export const TEXT_SCALE = 'text';
/** Share of the height one BOOL lane takes beside numeric tags, and at most all lanes together. */
const LANE_SHARE = 0.14;
const LANES_MAX_SHARE = 0.45;
const LANE_GAP = 0.04;
/** Where 0 and 1 sit inside a lane (lane j spans [j, j + 1] on the BOOL scale). */
export const LANE_PAD = 0.15;

export function chartLayout(tags: readonly ChartTag[]): ChartLayout {
  const groups: AxisGroup[] = [];
  const lanes: number[] = [];
  tags.forEach((tag, k) => {
    if (tag.dataType === TagDataType.BOOL) lanes.push(k);
    else if (tag.dataType !== TagDataType.STRING) {
      const unit = tag.unit.trim();
      const found = unit ? groups.find((g) => g.unit === unit) : undefined;
      if (found) found.tags.push(k);
      else groups.push({ key: `y${groups.length}`, unit, tags: [k] });
    }
  });
  const laneShare =
    lanes.length === 0 ? 0 : groups.length === 0 ? 1 : Math.min(LANES_MAX_SHARE, lanes.length * LANE_SHARE);
  return { groups, lanes, laneShare, floor: laneShare > 0 && laneShare < 1 ? laneShare + LANE_GAP : 0 };
}

/** The scale a tag is drawn on. */
export function scaleOf(layout: ChartLayout, k: number): string {
  if (layout.lanes.includes(k)) return BOOL_SCALE;
  return layout.groups.find((g) => g.tags.includes(k))?.key ?? TEXT_SCALE;
}

/** The BOOL scale's value of a 0..1 value in lane `lane`. */
export const laneValue = (lane: number, v: number) => lane + LANE_PAD + v * (1 - 2 * LANE_PAD);

/** The BOOL scale's range: the lanes fill `laneShare` of the height from the bottom. */
export function laneRange(layout: ChartLayout): [number, number] {
  return [0, layout.lanes.length === 0 ? 1 : layout.lanes.length / layout.laneShare];
}

/**
 * The power of 1000 a group's values are divided by before uPlot sees them: uPlot finds no axis
 * ticks for magnitudes beyond about 1e17 or below 1e-16 (a REAL at -3.4e38, a tiny decimal), so
 * its scales see mantissas and the labels put the magnitude back. 1 for everyday values.
 */
export function magnitudeFactor(maxAbs: number): number {
  if (!Number.isFinite(maxAbs) || maxAbs === 0) return 1;
  const exp = Math.floor(Math.log10(maxAbs));
  if (exp >= -3 && exp < 6) return 1;
  return Number(`1e${3 * Math.floor(exp / 3)}`);
}

/**
 * The columns uPlot draws for `data`: numeric tags divided by their group's factor, BOOL tags
 * moved into their lanes, STRING tags left out; and the factor of each group. The legend keeps
 * reading the original values from `data`.
 */
export function plotData(data: ChartData, layout: ChartLayout): { columns: Column[]; factors: number[] } {
  const columns: Column[] = data.columns.slice() as Column[];
  const of = (k: number) => [lineColumn(k), maxColumn(k), minColumn(k)];
  const factors = layout.groups.map((g) => {
    let maxAbs = 0;
    for (const k of g.tags)
      for (const c of of(k))
        for (const v of columns[c] ?? [])
          if (typeof v === 'number' && Math.abs(v) > maxAbs) maxAbs = Math.abs(v);
    const f = magnitudeFactor(maxAbs);
    if (f !== 1)
      for (const k of g.tags)
        for (const c of of(k))
          columns[c] = (columns[c] ?? []).map((v) => (typeof v === 'number' ? v / f : v));
    return f;
  });
  layout.lanes.forEach((k, lane) => {
    for (const c of of(k))
      columns[c] = (columns[c] ?? []).map((v) => (typeof v === 'number' ? laneValue(lane, v) : v));
  });
  data.tagIds.forEach((_id, k) => {
    if (scaleOf(layout, k) === TEXT_SCALE)
      for (const c of of(k)) columns[c] = (columns[c] ?? []).map(() => null);
  });
  return { columns, factors };
}

/**
 * The range of a numeric scale from the visible data's min and max: padded by 5 % (a flat line
 * gets room around it), then stretched down so the data sits above the BOOL lanes (`floor`).
 * Never infinite: doubles near ±1.8e308 are halved before they are subtracted.
 */
export function numericRange(min: number | null, max: number | null, floor: number): [number, number] {
  let lo = min ?? 0;
  let hi = max ?? 1;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.1 || 1;
    lo -= pad;
    hi += pad;
  } else {
    const pad = (hi / 2 - lo / 2) * 0.1;
    lo -= pad;
    hi += pad;
  }
  lo = Math.max(lo, -Number.MAX_VALUE);
  hi = Math.min(hi, Number.MAX_VALUE);
  if (floor > 0) lo = Math.max(-Number.MAX_VALUE, lo - ((hi / 2 - lo / 2) * 2 * floor) / (1 - floor));
  return [lo, hi];
}

/** The part of a numeric scale's range above the lanes, where its ticks go. */
export function visiblePart(scaleMin: number, scaleMax: number, floor: number): [number, number] {
  return [scaleMax - (scaleMax / 2 - scaleMin / 2) * 2 * (1 - floor), scaleMax];
}

/** A step of 1, 2, 2.5 or 5 times a power of ten, about span / count. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  if (!Number.isFinite(raw) || raw <= 0) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * pow;
}

/** Multiples of `step` within [lo, hi] (at most 50). */
export function ticksIn(lo: number, hi: number, step: number): number[] {
  if (!(step > 0) || !(hi >= lo)) return [];
  const first = Math.ceil(lo / step);
  const last = Math.floor(hi / step);
  const out: number[] = [];
  // `+ 0`: no -0 tick.
  for (let i = first; i <= last && out.length < 50; i++) out.push(i * step + 0);
  return out;
}

/** Decimals that show a step exactly (0.25 -> 2, 2.5 -> 1, 500 -> 0), at most 10. */
function decimalsOf(rawStep: number): number {
  // A step multiplied back from a scaled one carries float dust (0.1 * 3 = 0.30000000000000004).
  const step = Number(rawStep.toPrecision(10));
  for (let d = 0; d <= 10; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(Math.round(scaled) - scaled) <= 1e-9 * Math.max(1, scaled)) return d;
  }
  return 10;
}

/**
 * An axis label that stays short whatever the magnitude: plain numbers from 0.001 to below a
 * million with the decimals the step needs (at most 6), otherwise scientific with the digits the
 * step needs (at most 4 after the point): 1e12, -3.4e38, 1.5e-9.
 */
export function formatAxisValue(v: number, step: number): string {
  if (!Number.isFinite(v)) return '';
  const abs = Math.abs(v);
  if (abs === 0 || (step > 0 && abs < step * 1e-6)) return '0';
  if (abs >= 1e6 || abs < 1e-3) {
    const digits = step > 0 ? Math.floor(Math.log10(abs)) - Math.floor(Math.log10(step)) : 2;
    const [mantissa = '', exp = '0'] = v.toExponential(Math.min(4, Math.max(0, digits))).split('e');
    const m = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
    return `${m}e${Number(exp)}`;
  }
  return v.toFixed(Math.min(6, decimalsOf(step)));
}
