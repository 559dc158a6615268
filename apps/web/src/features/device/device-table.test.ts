import { describe, expect, it } from 'vitest';
import { columnWidths } from './device-columns.ts';
import { labelsThatFit, sortChangeOf, sortOrderOf, tableScrollWidth } from './device-table.ts';

const named = (...names: string[]) => names.map((name, id) => ({ id, name }));

describe('labelsThatFit', () => {
  it('keeps labels while their names fit 20 characters (3 per tag of padding)', () => {
    expect(labelsThatFit(named('abc', 'defgh', 'ijklmn')).map((l) => l.name)).toEqual(['abc', 'defgh']);
    expect(labelsThatFit(named('a', 'b', 'c', 'd', 'e')).length).toBe(5);
  });
  it('always shows the first label, however long', () => {
    expect(labelsThatFit(named('a very very long label name', 'b')).map((l) => l.name)).toEqual([
      'a very very long label name',
    ]);
  });
  it('counts CJK characters twice', () => {
    expect(labelsThatFit(named('温度', '压力', '传感')).length).toBe(2);
    expect(labelsThatFit(named('ab', 'cd', 'ef')).length).toBe(3);
  });
  it('shows nothing of no labels', () => {
    expect(labelsThatFit([])).toEqual([]);
  });
});

describe('tableScrollWidth', () => {
  const cols = ['name', 'online'] as const;
  const data = columnWidths.name + columnWidths.online;
  it('adds the actions and selection columns on a desktop, the narrow actions on a phone', () => {
    expect(tableScrollWidth(cols, false, false)).toBe(data);
    expect(tableScrollWidth(cols, false, true)).toBe(data + 116 + 40);
    expect(tableScrollWidth(cols, true, true)).toBe(180 + columnWidths.online + 76);
  });
});

describe('sorting', () => {
  it('shows the arrow on the sorted column only', () => {
    expect(sortOrderOf('sn', { sort: 'sn', order: 'desc' })).toBe('descend');
    expect(sortOrderOf('name', { sort: 'name', order: 'asc' })).toBe('ascend');
    expect(sortOrderOf('name', { sort: 'sn', order: 'asc' })).toBeNull();
    expect(sortOrderOf('model', { sort: 'name', order: 'asc' })).toBeNull();
  });
  it('turns a sorter click into the list sort, back to by name when cleared', () => {
    expect(sortChangeOf('online', 'descend')).toEqual({ sort: 'online', order: 'desc' });
    expect(sortChangeOf('sn', 'ascend')).toEqual({ sort: 'sn', order: 'asc' });
    expect(sortChangeOf('sn', null)).toEqual({ sort: 'name', order: 'asc' });
    expect(sortChangeOf('model', 'ascend')).toEqual({ sort: 'name', order: 'asc' });
  });
});
