import { Table, type TableProps } from 'antd';
import { pagingConfig, type Paging } from './paging.ts';

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'pagination'> {
  /** Where the list is (page, size, total) and how its pager looks (sizes, total text). */
  paging: Paging;
  /** Phones: the simple pager (see pagingConfig). */
  compact: boolean;
}

/**
 * A table of one server page at a time: the rows are the page the feature's query returned
 * (TanStack Query, keyed by page and size, `placeholderData: keepPreviousData` so the rows stay
 * while the next page loads); every other Table prop passes through.
 */
export function PagedTable<T extends object>({ paging, compact, ...table }: PagedTableProps<T>) {
  return <Table<T> {...table} pagination={pagingConfig(paging, compact)} />;
}
