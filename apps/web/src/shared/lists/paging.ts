import type { ReactNode } from 'react';
import type { TablePaginationConfig } from 'antd';

/** One page of a server-paged list: where the list is and how many rows the server has. */
export interface Paging {
  /** 1-based page. */
  page: number;
  pageSize: number;
  total: number;
  /**
   * A page or page size was picked (a new size starts again on page 1 in antd). Leave it out
   * when the table's own onChange reads the pager (with sorting and filters).
   */
  onChange?(page: number, pageSize: number): void;
  /** The page sizes offered: the size changer shows on wide screens. None: a fixed size. */
  sizes?: readonly number[];
  /** The total beside the pager on wide screens ("120 devices"). */
  totalText?(total: number): ReactNode;
  /** Hide the pager while one page holds every row (default true). */
  hideOnSinglePage?: boolean;
  /** A small pager: always, on phones only, or never (default). */
  small?: boolean | 'phones';
}

/**
 * antd's pagination of a server-paged list. Phones (compact) get the simple pager with neither
 * size changer nor total, so it fits 375 px; wide screens get the sizes and the total if given.
 */
export function pagingConfig(p: Paging, compact: boolean): TablePaginationConfig {
  const config: TablePaginationConfig = {
    current: p.page,
    pageSize: p.pageSize,
    total: p.total,
    showSizeChanger: p.sizes !== undefined && !compact,
    simple: compact,
  };
  if (p.sizes) config.pageSizeOptions = p.sizes.map(String);
  if (p.onChange) config.onChange = p.onChange;
  if (p.totalText && !compact) config.showTotal = p.totalText;
  if (p.hideOnSinglePage ?? true) config.hideOnSinglePage = true;
  if (p.small === true || (p.small === 'phones' && compact)) config.size = 'small';
  return config;
}
