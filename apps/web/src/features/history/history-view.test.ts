import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { HistoryLimits, TagDataType, type HistoryTag } from '@hmi/domain';
import { presetRange } from './history-range.ts';
import {
  autoTagIds,
  exportStem,
  historyScope,
  legendTags,
  rangeOf,
  rawPageFor,
  widerPresets,
  xlsxTooMany,
} from './history-view.ts';

const tag = (id: number, data_type: number = TagDataType.INT16): HistoryTag => ({
  id,
  name: `T${id}`,
  data_type,
  unit: 'bar',
  decimals: 1,
  source: 'template',
});
const HOUR = 3_600_000;
const now = Date.UTC(2024, 4, 10, 12);

describe('autoTagIds', () => {
  it('takes the first three drawable tags, skipping STRING ones', () => {
    expect(autoTagIds([tag(1, TagDataType.STRING), tag(2), tag(3), tag(4), tag(5)])).toEqual([2, 3, 4]);
  });
  it('falls back to the first tag when none can be drawn, none of no tags', () => {
    expect(autoTagIds([tag(8, TagDataType.STRING), tag(9, TagDataType.STRING)])).toEqual([8]);
    expect(autoTagIds([])).toEqual([]);
  });
});

describe('legendTags', () => {
  it('keeps the chosen order and drops ids the device does not have', () => {
    expect(legendTags([tag(1), tag(2)], [2, 7, 1])).toEqual([
      { id: 2, name: 'T2', unit: 'bar', decimals: 1, dataType: TagDataType.INT16 },
      { id: 1, name: 'T1', unit: 'bar', decimals: 1, dataType: TagDataType.INT16 },
    ]);
  });
});

describe('rangeOf', () => {
  it('counts a preset back from the anchor', () => {
    expect(rangeOf('1h', { from: 0, to: 1 }, now)).toEqual(presetRange('1h', now));
  });
  it('clamps a custom range to the anchor, the default preset without one', () => {
    expect(rangeOf(undefined, { from: now - HOUR, to: now + 5 * HOUR }, now).to).toBe(now);
    expect(rangeOf(undefined, undefined, now)).toEqual(presetRange('24h', now));
  });
});

describe('rawPageFor', () => {
  it('keeps the page of the same view, starts a new view on page 1 with the size and order', () => {
    const state = { key: 'a', value: { page: 4, pageSize: 50, order: 'asc' as const } };
    expect(rawPageFor(state, 'a')).toEqual({ page: 4, pageSize: 50, order: 'asc' });
    expect(rawPageFor(state, 'b')).toEqual({ page: 1, pageSize: 50, order: 'asc' });
    expect(rawPageFor(null, 'b')).toEqual({ page: 1, pageSize: 20, order: 'desc' });
  });
});

describe('exports', () => {
  it('names the file after the device and the view in local time', () => {
    const from = dayjs('2024-03-05T06:07:08').valueOf();
    const to = dayjs('2024-03-06T23:59:00').valueOf();
    expect(exportStem('Line 1: oven/"A"', { from, to })).toBe(
      'Line_1_oven_A__20240305-060708_20240306-235900',
    );
  });
  it('refuses xlsx beyond its row limit or with an uncounted total', () => {
    expect(xlsxTooMany(undefined)).toBe(false);
    expect(xlsxTooMany({ total: HistoryLimits.xlsxRowsMax, total_capped: false })).toBe(false);
    expect(xlsxTooMany({ total: HistoryLimits.xlsxRowsMax + 1, total_capped: false })).toBe(true);
    expect(xlsxTooMany({ total: 10, total_capped: true })).toBe(true);
  });
});

describe('widerPresets', () => {
  it('offers the presets longer than the range', () => {
    expect(widerPresets({ from: now - 24 * HOUR, to: now })).toEqual(['7d', '30d']);
    expect(widerPresets({ from: now - 10 * 24 * HOUR, to: now })).toEqual(['30d']);
    expect(widerPresets({ from: now - 30 * 24 * HOUR, to: now })).toEqual([]);
  });
});

describe('historyScope', () => {
  const view = { from: 1, to: 2 };
  it('asks once the device is known and tags are chosen', () => {
    expect(historyScope(3, true, [5, 6], view)).toEqual({ deviceId: 3, tagIds: [5, 6], from: 1, to: 2 });
  });
  it('asks nothing without device, readiness or tags', () => {
    expect(historyScope(undefined, true, [5], view)).toBeUndefined();
    expect(historyScope(3, false, [5], view)).toBeUndefined();
    expect(historyScope(3, true, [], view)).toBeUndefined();
  });
});
