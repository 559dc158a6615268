import { describe, expect, it, vi } from 'vitest';
import { pagingConfig } from './paging.ts';

const at = { page: 3, pageSize: 20, total: 95 };

describe('pagingConfig', () => {
  it('pages a fixed size on wide screens: no size changer, hidden while one page holds all', () => {
    expect(pagingConfig(at, false)).toEqual({
      current: 3,
      pageSize: 20,
      total: 95,
      showSizeChanger: false,
      simple: false,
      hideOnSinglePage: true,
    });
  });

  it('offers the sizes and the total on wide screens', () => {
    const totalText = (n: number) => `${n} rows`;
    const onChange = vi.fn();
    const config = pagingConfig(
      { ...at, sizes: [20, 50], totalText, onChange, hideOnSinglePage: false },
      false,
    );
    expect(config).toMatchObject({ showSizeChanger: true, pageSizeOptions: ['20', '50'], simple: false });
    expect(config.showTotal).toBe(totalText);
    expect(config.hideOnSinglePage).toBeUndefined();
    config.onChange?.(1, 50);
    expect(onChange).toHaveBeenCalledWith(1, 50);
  });

  it('gives phones the simple pager with neither size changer nor total', () => {
    const config = pagingConfig({ ...at, sizes: [20, 50], totalText: (n) => `${n}` }, true);
    expect(config).toMatchObject({ simple: true, showSizeChanger: false });
    expect(config.showTotal).toBeUndefined();
  });

  it('is small always, on phones only, or never', () => {
    expect(pagingConfig({ ...at, small: true }, false).size).toBe('small');
    expect(pagingConfig({ ...at, small: 'phones' }, false).size).toBeUndefined();
    expect(pagingConfig({ ...at, small: 'phones' }, true).size).toBe('small');
    expect(pagingConfig(at, true).size).toBeUndefined();
  });

  it('leaves the pager to the table when no onChange is given', () => {
    expect(pagingConfig(at, false).onChange).toBeUndefined();
  });
});
