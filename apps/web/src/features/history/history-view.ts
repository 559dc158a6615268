import dayjs from 'dayjs';
import { HistoryLimits, TagDataType, type HistoryTag } from '@hmi/domain';
import type { LegendTag } from './HistoryLegend.tsx';
import type { HistoryScope, RawPage } from './history.api.ts';
import { DEFAULT_PRESET } from './history-params.ts';
import { clampRange, presetRange, type RangePreset, type TimeRange } from './history-range.ts';

/** Tags chosen for the user when a device is picked: the first ones the chart can draw. */
export const AUTO_TAGS = 3;

/** A window and what it belongs to: zoom and table paging start over when the query changes. */
export interface Keyed<T> {
  key: string;
  value: T;
}

/** The tags picked for a new device: its first drawable (non-STRING) ones, else its first tag. */
export function autoTagIds(tags: readonly HistoryTag[]): number[] {
  const first = tags.filter((tg) => tg.data_type !== TagDataType.STRING).slice(0, AUTO_TAGS);
  return (first.length ? first : tags.slice(0, 1)).map((tg) => tg.id);
}

/** The chosen ids the device has, in the chosen order, with what the legend shows of them. */
export function legendTags(tags: readonly HistoryTag[], ids: readonly number[]): LegendTag[] {
  const byId = new Map(tags.map((tg) => [tg.id, tg]));
  return ids.flatMap((id) => {
    const tg = byId.get(id);
    return tg ? [{ id, name: tg.name, unit: tg.unit, decimals: tg.decimals, dataType: tg.data_type }] : [];
  });
}

/** The range shown: a preset counted back from `anchor`, else the custom range (no future), else the default. */
export function rangeOf(
  preset: RangePreset | undefined,
  custom: TimeRange | undefined,
  anchor: number,
): TimeRange {
  return preset
    ? presetRange(preset, anchor)
    : clampRange(custom ?? presetRange(DEFAULT_PRESET, anchor), anchor);
}

/** The raw table's page for a view: page 1 of a new view, keeping the size and order chosen. */
export function rawPageFor(state: Keyed<RawPage> | null, viewKey: string): RawPage {
  if (state && state.key === viewKey) return state.value;
  return { page: 1, pageSize: state?.value.pageSize ?? 20, order: state?.value.order ?? 'desc' };
}

/** An export's file name: the device name made safe, then the view's start and end in local time. */
export function exportStem(deviceName: string, view: TimeRange): string {
  const at = (ms: number) => dayjs(ms).format('YYYYMMDD-HHmmss');
  return `${deviceName.replace(/[\\/:*?"<>|\s]+/g, '_')}_${at(view.from)}_${at(view.to)}`;
}

/** An xlsx holds up to HistoryLimits.xlsxRowsMax rows: more (or an uncounted many) is csv only. */
export function xlsxTooMany(reply: { total: number; total_capped: boolean } | undefined): boolean {
  return reply ? reply.total_capped || reply.total > HistoryLimits.xlsxRowsMax : false;
}

/** The longer presets offered when a range holds no data. */
export function widerPresets(range: TimeRange): ('7d' | '30d')[] {
  const span = (p: RangePreset) => presetRange(p, 0).to - presetRange(p, 0).from;
  return (['7d', '30d'] as const).filter((p) => range.to - range.from < span(p));
}

/** What the chart and table ask for: the device's chosen tags over the view, once all is known. */
export function historyScope(
  deviceId: number | undefined,
  ready: boolean,
  tagIds: readonly number[],
  view: TimeRange,
): HistoryScope | undefined {
  return deviceId && ready && tagIds.length > 0
    ? { deviceId, tagIds: [...tagIds], from: view.from, to: view.to }
    : undefined;
}
