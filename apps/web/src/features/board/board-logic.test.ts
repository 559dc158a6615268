import { describe, expect, it } from 'vitest';
import { BoardLimits, type BoardCard, type HistorySeriesReply } from '@hmi/domain';
import { completeLayouts, newCardId, thresholdLevel, toStoredLayouts, windowStats } from './board-layout.ts';
import { boardIndex, cardTitle } from './board-index.ts';
import { cardOf, draftOf, pastIndicatorSuggestion, withDeviceTags, NO_THRESHOLDS } from './card-draft.ts';
import { mergeTrendReplies, trendLegend, withLiveTail } from './trend-data.ts';
import { pairsKey } from './use-board-live.ts';

const ind = (id: string, device_id = 1, tag_id = 10): BoardCard => ({
  id,
  kind: 'indicator',
  title: '',
  device_id,
  tag_id,
  window_ms: 3_600_000,
  thresholds: NO_THRESHOLDS,
});
const trend = (id: string, tags: { device_id: number; tag_id: number }[]): BoardCard => ({
  id,
  kind: 'trend',
  title: '',
  tags,
  window_ms: 3_600_000,
});

describe('board layouts', () => {
  it('keeps stored items of existing cards and places the others below, scaled to the columns', () => {
    const cards = [ind('a'), ind('b'), trend('t', [{ device_id: 1, tag_id: 10 }])];
    const out = completeLayouts(cards, {
      lg: [
        { i: 'a', x: 9, y: 0, w: 3, h: 3 },
        { i: 'gone', x: 0, y: 0, w: 3, h: 3 },
      ],
    });
    expect(out.lg).toEqual([
      { i: 'a', x: 9, y: 0, w: 3, h: 3 },
      { i: 'b', x: 0, y: 3, w: 3, h: 3 },
      { i: 't', x: 3, y: 3, w: 6, h: 4 },
    ]);
    // One column: the cards stack, each a full row.
    expect(out.xs.map((l) => [l.i, l.x, l.y, l.w])).toEqual([
      ['a', 0, 0, 1],
      ['b', 0, 3, 1],
      ['t', 0, 6, 1],
    ]);
    // A stored item wider than the breakpoint's columns is narrowed into it.
    expect(completeLayouts([ind('a')], { sm: [{ i: 'a', x: 4, y: 0, w: 12, h: 2 }] }).sm).toEqual([
      { i: 'a', x: 0, y: 0, w: 6, h: 2 },
    ]);
  });

  it('stores only the five fields of the library’s items, per breakpoint', () => {
    expect(
      toStoredLayouts({
        md: [{ i: 'a', x: 1, y: 2, w: 3, h: 4, moved: false, static: false } as never],
        other: [],
      }),
    ).toEqual({ md: [{ i: 'a', x: 1, y: 2, w: 3, h: 4 }] });
  });

  it('gives new card ids that are not taken', () => {
    expect(newCardId([])).toBe('c1');
    expect(newCardId([{ id: 'c2' }, { id: 'c3' }])).toBe('c4');
    expect(newCardId([{ id: 'c2' }])).toBe('c3');
  });
});

describe('thresholds and window statistics', () => {
  const t = { low_alarm: 0, low_warn: 10, high_warn: 80, high_alarm: 90 };
  it.each([
    [-1, 'alarm'],
    [5, 'warn'],
    [50, 'ok'],
    [85, 'warn'],
    [95, 'alarm'],
    [null, 'none'],
  ] as const)('%s is %s', (v, level) => expect(thresholdLevel(v, t)).toBe(level));
  it('without thresholds there is no colour', () => expect(thresholdLevel(5, NO_THRESHOLDS)).toBe('none'));

  it('min, max and avg over buckets, weighted by rows; null without numbers', () => {
    const s = { min: [1, 4, null], max: [3, 8, null], n: [1, 3, 2], first: [], last: [] };
    expect(windowStats([s])).toEqual({ min: 1, max: 8, avg: (2 * 1 + 6 * 3) / 4 });
    expect(windowStats([{ min: [null], max: [null], n: [2], first: [], last: [] }])).toBeNull();
  });
});

describe('card editor drafts', () => {
  it('an indicator needs a device and a tag; a trend at least one pair', () => {
    const d = draftOf(undefined);
    expect(cardOf(d, 'c1')).toBeNull();
    expect(cardOf({ ...d, deviceId: 3, tagId: 7, title: ' Tank ' }, 'c1')).toEqual({
      ...ind('c1', 3, 7),
      title: 'Tank',
    });
    expect(cardOf(draftOf(undefined, 'trend'), 'c2')).toBeNull();
    expect(
      cardOf({ ...draftOf(undefined, 'trend'), pairs: [{ device_id: 1, tag_id: 2 }] }, 'c2'),
    ).toMatchObject({
      kind: 'trend',
      tags: [{ device_id: 1, tag_id: 2 }],
    });
  });

  it('round-trips a card through the draft', () => {
    const card = { ...ind('x', 4, 5), thresholds: { ...NO_THRESHOLDS, high_alarm: 9 } };
    expect(cardOf(draftOf(card), 'x')).toEqual(card);
    const tr = trend('y', [{ device_id: 1, tag_id: 2 }]);
    expect(cardOf(draftOf(tr), 'y')).toEqual(tr);
  });

  it('a device’s chosen tags replace its pairs, the others stay, at most 10 in all', () => {
    const pairs = [
      { device_id: 1, tag_id: 1 },
      { device_id: 2, tag_id: 1 },
    ];
    expect(withDeviceTags(pairs, 1, [5, 6])).toEqual([
      { device_id: 2, tag_id: 1 },
      { device_id: 1, tag_id: 5 },
      { device_id: 1, tag_id: 6 },
    ]);
    const many = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(withDeviceTags(pairs, 3, many)).toHaveLength(BoardLimits.trendTagsMax);
  });

  it('warns past 3 indicator cards (the card edited counts once)', () => {
    const three = [ind('a'), ind('b'), ind('c')];
    expect(pastIndicatorSuggestion(three.slice(0, 2), undefined, 'indicator')).toBe(false);
    expect(pastIndicatorSuggestion(three, undefined, 'indicator')).toBe(true);
    expect(pastIndicatorSuggestion(three, 'a', 'indicator')).toBe(false);
    expect(pastIndicatorSuggestion(three, undefined, 'trend')).toBe(false);
  });
});

describe('board reply mapping', () => {
  const board = {
    devices: [{ id: 1, name: 'Press', online: 1 }],
    tags: [{ device_id: 1, tag_id: 10, name: 'speed', unit: 'rpm', data_type: 1, decimals: 0 }],
  };
  const index = boardIndex(board);
  it('a card whose device is not in the reply reads no access', () => {
    expect(index.inScope(ind('a', 1, 10))).toBe(true);
    expect(index.inScope(ind('b', 2, 10))).toBe(false);
    expect(index.inScope(trend('t', [{ device_id: 2, tag_id: 10 }]))).toBe(false);
    expect(
      index.inScope(
        trend('t', [
          { device_id: 2, tag_id: 10 },
          { device_id: 1, tag_id: 10 },
        ]),
      ),
    ).toBe(true);
  });
  it('titles: the card’s own, else device · tag', () => {
    expect(cardTitle({ ...ind('a', 1, 10), title: 'Line 1' }, index)).toBe('Line 1');
    expect(cardTitle(ind('a', 1, 10), index)).toBe('Press · speed');
    expect(cardTitle(ind('a', 2, 10), index)).toBe('—');
  });

  it('a trend of several devices: series renumbered by place, legend names device and tag', () => {
    const reply = (tagIds: number[]): HistorySeriesReply => ({
      from: 0,
      to: 10,
      origin: 0,
      bucket_ms: 1000,
      source: 'raw',
      series: tagIds.map((tag_id) => ({
        tag_id,
        t: [0],
        n: [1],
        min: [tag_id],
        max: [tag_id],
        first: [tag_id],
        last: [tag_id],
        first_ts: [0],
        last_ts: [0],
      })),
    });
    const refs = [
      { device_id: 1, tag_id: 10 },
      { device_id: 2, tag_id: 10 },
    ];
    const merged = mergeTrendReplies(
      refs,
      new Map([
        [1, reply([10])],
        [2, { ...reply([10]), series: [{ ...reply([10]).series[0]!, last: [99] }] }],
      ]),
    );
    expect(merged?.series.map((s) => [s.tag_id, s.last[0]])).toEqual([
      [1, 10],
      [2, 99],
    ]);
    const two = boardIndex({
      devices: [...board.devices, { id: 2, name: 'Oven', online: 0 }],
      tags: [...board.tags, { ...board.tags[0]!, device_id: 2 }],
    });
    expect(
      trendLegend(refs, [...board.tags, { ...board.tags[0]!, device_id: 2 }], two.deviceName).map((l) => [
        l.id,
        l.name,
      ]),
    ).toEqual([
      [1, 'Press · speed'],
      [2, 'Oven · speed'],
    ]);
  });

  it('a trend’s lines reach the live values between two history reads', () => {
    const series = (tag_id: number, lastTs: number) => ({
      tag_id,
      t: [1000],
      n: [3],
      min: [1],
      max: [5],
      first: [1],
      last: [4],
      first_ts: [1000],
      last_ts: [lastTs],
    });
    const reply = {
      from: 0,
      to: 10_000,
      origin: 0,
      bucket_ms: 1000,
      series: [series(1, 1900), series(2, 1900)],
    } as unknown as HistorySeriesReply;
    const refs = [
      { device_id: 7, tag_id: 10 },
      { device_id: 8, tag_id: 10 },
    ];
    const live = new Map([
      ['7:10', { value: 42, ts: 5000 }],
      ['8:10', { value: 9, ts: 1500 }], // older than the last stored sample: ignored
    ]);
    const out = withLiveTail(reply, refs, (d, t) => live.get(`${d}:${t}`), { from: 0, to: 10_000 });
    expect(out.series[0]).toMatchObject({
      t: [1000, 5000],
      last: [4, 42],
      min: [1, 42],
      max: [5, 42],
      n: [3, 1],
    });
    expect(out.series[1]).toBe(reply.series[1]);
    // Outside the chart's range, or nothing live: the history reply unchanged.
    expect(withLiveTail(reply, refs, (d, t) => live.get(`${d}:${t}`), { from: 0, to: 4000 })).toBe(reply);
    expect(withLiveTail(reply, refs, () => undefined, { from: 0, to: 10_000 })).toBe(reply);
  });

  it('the socket’s pairs: unique, sorted, at most 50 devices', () => {
    expect(
      pairsKey([
        { device_id: 2, tag_id: 1 },
        { device_id: 1, tag_id: 3 },
        { device_id: 2, tag_id: 1 },
      ]),
    ).toBe('1:3,2:1');
    const many = Array.from({ length: 60 }, (_, i) => ({ device_id: i + 1, tag_id: 1 }));
    expect(
      new Set(
        pairsKey(many)
          .split(',')
          .map((k) => k.split(':')[0]),
      ).size,
    ).toBe(50);
  });
});
