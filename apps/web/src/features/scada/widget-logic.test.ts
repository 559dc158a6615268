import { describe, expect, it } from 'vitest';
import { LiveLimits, screenWidgetProps, type HistorySeriesReply } from '@hmi/domain';
import { mergeAlarms, sampleAlarms } from './alarm-rows.ts';
import { actionIndexes } from './ButtonWidgets.tsx';
import {
  arcPath,
  gaugeAngle,
  lampColor,
  lampOn,
  rangeColor,
  scaleFraction,
  switchOn,
} from './indicator-logic.ts';
import { appendPoint, historyPoints, mergePoints, samplePoints, toColumns } from './trend-points.ts';
import { everyWidgetScreen } from './scada-test-factories.ts';
import { stepOf } from './use-screen-actions.ts';
import { cappedPairs } from './use-screen-live.ts';
import { screenWriteFailure } from './write-failure.ts';
import { ApiError } from '../../shared/http/http-errors.ts';

describe('lamps', () => {
  it('is on while non-zero, or while its bit is set (64-bit words, numeric strings too)', () => {
    expect([0, 1, -1, 0.5, '0', '2', null, 'RUN'].map((v) => lampOn(v))).toEqual([
      false,
      true,
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(lampOn(8, 3)).toBe(true);
    expect(lampOn(7, 3)).toBe(false);
    expect(lampOn('9223372036854775808', 63)).toBe(true);
    expect(lampOn(-1, 63)).toBe(true);
    expect(lampOn(1.5, 0)).toBe(false);
    expect(lampOn(null, 0)).toBe(false);
  });

  it('colours by bit or by the first range holding the engineering value', () => {
    const bit = screenWidgetProps.lamp.parse({
      mode: 'bit',
      bit: 1,
      onColor: '#00FF00',
      offColor: '#111111',
    });
    expect(lampColor(bit, 2)).toBe('#00FF00');
    expect(lampColor(bit, 1)).toBe('#111111');
    const ranges = screenWidgetProps.lamp.parse({
      mode: 'ranges',
      offColor: '#111111',
      ranges: [
        { min: 0, max: 10, color: '#FF0000' },
        { min: 5, max: 20, color: '#00FF00' },
      ],
    });
    expect(lampColor(ranges, 7)).toBe('#FF0000');
    expect(lampColor(ranges, 150, { scale: 0.1 })).toBe('#00FF00');
    expect(lampColor(ranges, 30)).toBe('#111111');
    expect(lampColor(ranges, null)).toBe('#111111');
    expect(rangeColor([], 1)).toBeUndefined();
  });
});

describe('bar, gauge and switch', () => {
  it('puts a value between min and max, held at the ends', () => {
    expect(scaleFraction(50, 0, 200)).toBe(0.25);
    expect(scaleFraction(-10, 0, 200)).toBe(0);
    expect(scaleFraction(900, 0, 200)).toBe(1);
    expect(scaleFraction(null, 0, 200)).toBe(0);
    expect(scaleFraction(0, -50, 50)).toBe(0.5);
  });

  it('turns the needle across 240 degrees and draws arcs', () => {
    expect(gaugeAngle(0)).toBe(-120);
    expect(gaugeAngle(0.5)).toBe(0);
    expect(gaugeAngle(1)).toBe(120);
    expect(arcPath(50, 50, 40, -90, 90)).toBe('M 10.00 50.00 A 40 40 0 0 1 90.00 50.00');
    expect(arcPath(50, 50, 40, -120, 120)).toContain(' 0 1 1 ');
    expect(arcPath(50, 50, 40, 10, 10)).toBe('');
  });

  it('shows a switch on while its tag holds onValue', () => {
    expect(switchOn(1, 1)).toBe(true);
    expect(switchOn('1', 1)).toBe(true);
    expect(switchOn(0, 1)).toBe(false);
    expect(switchOn('ON', 'ON')).toBe(true);
    expect(switchOn(null, 1)).toBe(false);
  });

  it('splits a button into click actions and momentary ones', () => {
    const b = { deviceId: 1, tagId: 1 };
    const actions = [
      { kind: 'set' as const, binding: b, value: 1 },
      { kind: 'momentary' as const, binding: b, pressValue: 1, releaseValue: 0 },
      { kind: 'goto' as const, screenId: 4 },
    ];
    expect(actionIndexes(actions, true)).toEqual([0, 2]);
    expect(actionIndexes(actions, false)).toEqual([1]);
    expect(actionIndexes(undefined, true)).toEqual([]);
  });
});

describe('trend points', () => {
  const reply: HistorySeriesReply = {
    from: 0,
    to: 100,
    origin: 0,
    bucket_ms: 10,
    source: 'raw',
    series: [
      {
        tag_id: 1,
        t: [0, 10, 20],
        n: [1, 1, 1],
        min: [1, 2, 3],
        max: [1, 2, 3],
        first: [1, 2, 3],
        last: [10, null, 30],
        first_ts: [1, 11, 21],
        last_ts: [5, 15, 25],
      },
    ],
  };

  it('reads the last value of each bucket at its time, through the transform', () => {
    expect(historyPoints(reply, { scale: 0.1 })).toEqual([
      [5, 1],
      [15, null],
      [25, 3],
    ]);
    expect(historyPoints(undefined)).toEqual([]);
  });

  it('appends newer live values and lets old ones slide out', () => {
    let pts = appendPoint([], [100, 1], 0);
    pts = appendPoint(pts, [200, 2], 0);
    pts = appendPoint(pts, [150, 9], 0);
    expect(pts).toEqual([
      [100, 1],
      [200, 2],
    ]);
    expect(appendPoint(pts, [300, 3], 150)).toEqual([
      [200, 2],
      [300, 3],
    ]);
  });

  it('puts history before live and inside the window', () => {
    const merged = mergePoints(historyPoints(reply), [[20, 7]], 10);
    expect(merged).toEqual([
      [15, null],
      [20, 7],
    ]);
    expect(toColumns(merged)).toEqual([
      [0.015, 0.02],
      [null, 7],
    ]);
    const wave = samplePoints(60, 120_000, 0, 10);
    expect(wave).toHaveLength(60);
    expect(wave[0]?.[0]).toBe(60_000);
    expect(wave[59]?.[0]).toBe(120_000);
    expect(wave.every(([, v]) => v !== null && v >= 0 && v <= 10)).toBe(true);
  });
});

describe('alarm rows and subscriptions', () => {
  const row = (id: number, raised_at: number) => ({
    id,
    device_name: 'd',
    level: 1 as const,
    content: '',
    state: 1 as const,
    raised_at,
  });

  it('merges the devices newest first, cut to the rows', () => {
    const merged = mergeAlarms([[row(1, 10), row(2, 30)], undefined, [row(3, 20), row(4, 30)]], 3);
    expect(merged.map((r) => r.id)).toEqual([4, 2, 3]);
    expect(sampleAlarms(1_000_000, (n) => ({ device: `D${n}`, content: `A${n}` }))).toHaveLength(3);
  });

  it('caps the pairs as the socket does', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ deviceId: i + 1, tagId: 1 }));
    const capped = cappedPairs(many);
    expect(new Set(capped.map((p) => p.device_id)).size).toBe(LiveLimits.devicesPerSocketMax);
    const tags = Array.from({ length: LiveLimits.tagPairsMax + 100 }, (_, i) => ({
      deviceId: 1,
      tagId: i + 1,
    }));
    expect(cappedPairs(tags)).toHaveLength(LiveLimits.tagPairsMax);
    expect(cappedPairs([{ deviceId: 3, tagId: 9 }])).toEqual([{ device_id: 3, tag_id: 9 }]);
  });
});

describe('stepOf', () => {
  const doc = everyWidgetScreen();
  it('opens screens for nav widgets and goto actions', () => {
    expect(stepOf(doc, 5, { widgetId: 'next' })).toEqual({ kind: 'goto', screenId: 13 });
    expect(stepOf(doc, 5, { widgetId: 'start', action: 3 })).toEqual({ kind: 'goto', screenId: 12 });
  });

  it('writes inputs and switches to the widget binding, actions by index', () => {
    expect(stepOf(doc, 5, { widgetId: 'sp', value: 253 })).toEqual({
      kind: 'write',
      body: { screen_id: 5, widget_id: 'sp', value: 253 },
      binding: { deviceId: 7, tagId: 4, transform: { scale: 0.1 } },
      quiet: false,
    });
    expect(stepOf(doc, 5, { widgetId: 'pump', value: true })).toMatchObject({
      body: { screen_id: 5, widget_id: 'pump', value: true },
    });
    expect(stepOf(doc, 5, { widgetId: 'start', action: 0 })).toEqual({
      kind: 'write',
      body: { screen_id: 5, widget_id: 'start', action: 0 },
      binding: { deviceId: 7, tagId: 6 },
      quiet: false,
    });
    expect(stepOf(doc, 5, { widgetId: 'start', action: 1, pressed: false })).toEqual({
      kind: 'write',
      body: { screen_id: 5, widget_id: 'start', action: 1, pressed: false },
      binding: { deviceId: 9, tagId: 1 },
      quiet: true,
    });
  });

  it('does nothing for what names nothing', () => {
    expect(stepOf(doc, 5, { widgetId: 'ghost', value: 1 })).toEqual({ kind: 'none' });
    expect(stepOf(doc, 5, { widgetId: 'start', action: 9 })).toEqual({ kind: 'none' });
    expect(stepOf(doc, 5, { widgetId: 'start', action: 1 })).toEqual({ kind: 'none' });
    expect(stepOf(doc, 5, { widgetId: 'title', value: 1 })).toEqual({ kind: 'none' });
  });
});

describe('screenWriteFailure', () => {
  const fail = (code: number, msg = '', data: unknown = null) => new ApiError(code, msg, data, false);
  it('names the settag outcomes a screen tells in words', () => {
    expect(screenWriteFailure(fail(1038))).toBe('offline');
    expect(screenWriteFailure(fail(2002))).toBe('notSynced');
    expect(screenWriteFailure(fail(2003, 'ETIMEDOUT'))).toBe('timeout');
    expect(screenWriteFailure(fail(1006, 'E_VALUE_OUT_OF_VALID_RANGE'))).toBe('outOfRange');
    expect(
      screenWriteFailure(
        fail(1006, 'Bad parameter', { fields: [{ path: 'tag_id', message: 'validation.settag.readOnly' }] }),
      ),
    ).toBe('readOnly');
  });
  it('leaves the rest to the shared failure toast', () => {
    expect(screenWriteFailure(fail(1002))).toBeNull();
    expect(screenWriteFailure(fail(1006, 'Bad parameter', { fields: [{ path: 'value' }] }))).toBeNull();
    expect(screenWriteFailure(new Error('network'))).toBeNull();
  });
});
