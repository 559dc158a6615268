import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { searchChanged, searchParam, timeBound } from './filter-state.ts';

describe('search text', () => {
  it('trims and drops an empty search', () => {
    expect(searchParam('  press ')).toBe('press');
    expect(searchParam('   ')).toBeUndefined();
  });
  it('changes only when the trimmed text differs from the shown search', () => {
    expect(searchChanged(' press ', 'press')).toBe(false);
    expect(searchChanged('', undefined)).toBe(false);
    expect(searchChanged('pre', 'press')).toBe(true);
  });
});

describe('timeBound', () => {
  const picked = dayjs('2024-05-06T10:20:30.400');
  it('keeps no bound without a pick', () => {
    expect(timeBound(null, 'start', 'day')).toBeUndefined();
  });
  it('takes the pick as is without a unit', () => {
    expect(timeBound(picked, 'end')).toBe(picked.valueOf());
  });
  it('rounds to the start or end of the minute or day', () => {
    expect(timeBound(picked, 'start', 'minute')).toBe(dayjs('2024-05-06T10:20:00.000').valueOf());
    expect(timeBound(picked, 'end', 'minute')).toBe(dayjs('2024-05-06T10:20:59.999').valueOf());
    expect(timeBound(picked, 'start', 'day')).toBe(dayjs('2024-05-06T00:00:00.000').valueOf());
    expect(timeBound(picked, 'end', 'day')).toBe(dayjs('2024-05-06T23:59:59.999').valueOf());
  });
});
