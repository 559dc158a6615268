import { describe, expect, it } from 'vitest';
import {
  activeRechargeFilters,
  parseRechargeFilters,
  rechargeFiltersToSearch,
  toRechargeExport,
  toRechargeQuery,
} from './recharge-filters.ts';

describe('recharge filters', () => {
  it('round-trips through the URL and drops what is malformed', () => {
    const f = parseRechargeFilters(
      new URLSearchParams('kind=allocation&type=ca&from=10&to=20&page=3&size=50'),
    );
    expect(f).toEqual({ kind: 'allocation', type: 'ca', from: 10, to: 20, page: 3, pageSize: 50 });
    expect(parseRechargeFilters(rechargeFiltersToSearch(f))).toEqual(f);
    expect(parseRechargeFilters(new URLSearchParams('kind=refund&type=zz&from=-1&page=0&size=7'))).toEqual({
      kind: undefined,
      type: undefined,
      from: undefined,
      to: undefined,
      page: 1,
      pageSize: 20,
    });
  });

  it('gives the list and the export the same filters; the export has no paging but the offset', () => {
    const f = { kind: 'activation' as const, from: 5, page: 2, pageSize: 20 };
    expect(toRechargeQuery(f)).toEqual({ kind: 'activation', from: 5, page: 2, page_size: 20 });
    expect(toRechargeExport(f, 8)).toEqual({ kind: 'activation', from: 5, tz: 8 });
    expect(activeRechargeFilters(f)).toBe(2);
    expect(activeRechargeFilters({ page: 1, pageSize: 20 })).toBe(0);
  });
});
