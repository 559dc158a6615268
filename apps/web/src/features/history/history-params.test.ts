import { describe, expect, it } from 'vitest';
import { historyParamsToSearch, parseHistoryParams } from './history-params.ts';

const parse = (qs: string) => parseHistoryParams(new URLSearchParams(qs));

describe('history params in the URL', () => {
  it('with no range chosen, fits it to the data (the last 24 hours until known)', () => {
    expect(parse('')).toEqual({ tagIds: [], preset: '24h', auto: true });
    expect(historyParamsToSearch(parse('')).toString()).toBe('');
    expect(historyParamsToSearch({ ...parse('device=7'), preset: '24h' }).toString()).toBe('device=7');
  });

  it('reads device, tags and a preset and writes them back', () => {
    const p = parse('device=7&tags=3,1,3,x&range=7d');
    expect(p).toEqual({ deviceId: 7, tagIds: [3, 1], preset: '7d' });
    expect(historyParamsToSearch(p).toString()).toBe('device=7&tags=3%2C1&range=7d');
  });

  it('keeps a range the user chose, the default one too (it is not fitted again)', () => {
    const chosen = { ...parse('device=7'), preset: '24h' as const, auto: undefined };
    expect(historyParamsToSearch(chosen).toString()).toBe('device=7&range=24h');
    expect(parse('device=7&range=24h')).toEqual({ deviceId: 7, tagIds: [], preset: '24h' });
  });

  it('reads a custom range and ignores one with its ends reversed', () => {
    expect(parse('device=7&from=1000&to=5000')).toEqual({
      deviceId: 7,
      tagIds: [],
      custom: { from: 1000, to: 5000 },
    });
    expect(parse('device=7&from=5000&to=1000')).toMatchObject({ preset: '24h', auto: true });
  });

  it('keeps at most 10 tags, and none without a device', () => {
    expect(parse('device=1&tags=1,2,3,4,5,6,7,8,9,10,11,12').tagIds).toHaveLength(10);
    expect(parse('tags=1,2').tagIds).toEqual([]);
    expect(parse('device=0').deviceId).toBeUndefined();
  });
});
