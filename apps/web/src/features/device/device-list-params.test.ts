import { describe, expect, it } from 'vitest';
import { activeFilterCount, listParamsToSearch, parseListParams } from './device-list-params.ts';

const parse = (qs: string) => parseListParams(new URLSearchParams(qs));

describe('device list params in the URL', () => {
  it('defaults to the first page of 20 sorted by name', () => {
    expect(parse('')).toEqual({ page: 1, page_size: 20, sort: 'name', order: 'asc' });
    expect(listParamsToSearch(parse('')).toString()).toBe('');
  });

  it('reads every filter and writes it back unchanged', () => {
    const qs =
      'search=press&group_id=7&label_id=3&online=0&sync_state=1&model=MT8071&template_id=9&sort=online&order=desc&page=3&page_size=50';
    const p = parse(qs);
    expect(p).toEqual({
      search: 'press',
      group_id: 7,
      label_id: 3,
      online: 0,
      sync_state: 1,
      model: 'MT8071',
      template_id: 9,
      sort: 'online',
      order: 'desc',
      page: 3,
      page_size: 50,
    });
    expect(parse(listParamsToSearch(p).toString())).toEqual(p);
    expect(activeFilterCount(p)).toBe(6);
  });

  it.each([
    ['group_id=abc', {}],
    ['group_id=-2', {}],
    ['group_id=0', {}],
    ['online=2', {}],
    ['sync_state=yes', {}],
    ['page=0', { page: 1 }],
    ['page_size=33', { page_size: 20 }],
    ['sort=password', { sort: 'name' }],
    ['order=sideways', { order: 'asc' }],
    ['search=%20%20', {}],
  ])('ignores malformed %s', (qs, expected) => {
    expect(parse(qs)).toEqual({ page: 1, page_size: 20, sort: 'name', order: 'asc', ...expected });
  });

  it('keeps 0 (offline, pending sync) as a real filter', () => {
    const p = parse('online=0&sync_state=0');
    expect(p.online).toBe(0);
    expect(p.sync_state).toBe(0);
    expect(listParamsToSearch(p).toString()).toBe('online=0&sync_state=0');
  });

  it('caps the search text at the contract length', () => {
    expect(parse(`search=${'x'.repeat(100)}`).search).toHaveLength(64);
  });
});
