import { describe, expect, it } from 'vitest';
import {
  activeRecordFilters,
  parseRecordFilters,
  recordFiltersToSearch,
  toExportBody,
  toRecordQuery,
  type RecordFilters,
} from './record-filters.ts';

const parse = (qs: string) => parseRecordFilters(new URLSearchParams(qs));

describe('record filters in the URL', () => {
  it('defaults to the active tab, every level and state, first page of 20', () => {
    expect(parse('')).toEqual({ tab: 'active', levels: [], state: 0, page: 1, pageSize: 20 });
  });

  it('reads every filter', () => {
    expect(parse('tab=history&device=5&group=2&level=24&state=4&from=100&to=200&page=3&size=50')).toEqual({
      tab: 'history',
      deviceId: 5,
      groupId: 2,
      levels: [8, 16],
      state: 4,
      from: 100,
      to: 200,
      page: 3,
      pageSize: 50,
    });
  });

  it.each([
    ['state=4', { state: 0 }], // open records are never recovered
    ['state=3', { state: 0 }],
    ['device=-1&group=x', {}],
    ['from=200&to=100', {}],
    ['from=100', { from: 100 }],
    ['to=100', { to: 100 }],
    ['page=0&size=33', { page: 1, pageSize: 20 }],
  ])('ignores malformed %s', (qs, expected) => {
    expect(parse(qs)).toEqual({ tab: 'active', levels: [], state: 0, page: 1, pageSize: 20, ...expected });
  });

  it('round-trips, leaving defaults out', () => {
    const f: RecordFilters = {
      tab: 'history',
      deviceId: 9,
      levels: [1, 4],
      state: 2,
      from: 10,
      to: 20,
      page: 2,
      pageSize: 100,
    };
    const qs = recordFiltersToSearch(f);
    expect(qs.toString()).toBe('tab=history&device=9&level=5&state=2&from=10&to=20&page=2&size=100');
    expect(parseRecordFilters(qs)).toEqual(f);
    expect(recordFiltersToSearch(parse('')).toString()).toBe('');
  });
});

describe('queries of the filters', () => {
  it('the active tab asks for open records only', () => {
    expect(toRecordQuery(parse('level=16&state=1'))).toEqual({
      level: 16,
      state: 1,
      active: 'true',
      page: 1,
      page_size: 20,
    });
  });

  it('history asks for every record with the window; the export adds tz and drops paging', () => {
    const f = parse('tab=history&device=3&group=4&from=1&to=2&page=5');
    expect(toRecordQuery(f)).toEqual({
      device_id: 3,
      group_id: 4,
      state: 0,
      from: 1,
      to: 2,
      page: 5,
      page_size: 20,
    });
    expect(toExportBody(f, 5.5)).toEqual({ device_id: 3, group_id: 4, state: 0, from: 1, to: 2, tz: 5.5 });
  });

  it('counts the filters set', () => {
    expect(activeRecordFilters(parse('tab=history'))).toBe(0);
    expect(activeRecordFilters(parse('device=1&level=3&state=2&from=1&to=2'))).toBe(4);
    expect(activeRecordFilters(parse('to=2'))).toBe(1);
  });
});
