import type { DeviceSortKey } from '@hmi/domain';
import { columnWidths, type DeviceColumnKey } from './device-columns.ts';
import type { DeviceListParams } from './device-list-params.ts';

/** Characters of label names that fit the labels column before the rest folds into "+n". */
const LABEL_CHARS = 20;
export const SELECTION_WIDTH = 40;
export const ACTIONS_WIDTH = 116;
export const COMPACT_ACTIONS_WIDTH = 76;
/** The name column of a phone is narrower than its desktop width. */
const COMPACT_NAME_WIDTH = 180;

/** Columns the server sorts by, and the key it knows them as. */
export const sortable: Partial<Record<DeviceColumnKey, DeviceSortKey>> = {
  name: 'name',
  sn: 'sn',
  online: 'online',
};

/** The first labels whose names fit the column (always at least one); the rest is counted. */
export function labelsThatFit<L extends { name: string }>(labels: readonly L[]): L[] {
  const out: L[] = [];
  let used = 0;
  for (const l of labels) {
    // CJK characters are about twice as wide as Latin ones.
    used += [...l.name].reduce((w, c) => w + (/[\u2e80-\u9fff\uff00-\uffef]/u.test(c) ? 2 : 1), 0) + 3;
    if (out.length > 0 && used > LABEL_CHARS) break;
    out.push(l);
  }
  return out;
}

export const columnWidthOf = (key: DeviceColumnKey, compact: boolean) =>
  compact && key === 'name' ? COMPACT_NAME_WIDTH : columnWidths[key];

/** The table's scroll width: its columns, plus the actions and selection columns when rows have actions. */
export function tableScrollWidth(
  columns: readonly DeviceColumnKey[],
  compact: boolean,
  withActions: boolean,
): number {
  const data = columns.reduce((sum, k) => sum + columnWidthOf(k, compact), 0);
  if (!withActions) return data;
  return data + (compact ? COMPACT_ACTIONS_WIDTH : ACTIONS_WIDTH + SELECTION_WIDTH);
}

/** The sort arrow a column shows for the list's sort. */
export function sortOrderOf(
  key: DeviceColumnKey,
  params: Pick<DeviceListParams, 'sort' | 'order'>,
): 'ascend' | 'descend' | null {
  return sortable[key] === params.sort ? (params.order === 'asc' ? 'ascend' : 'descend') : null;
}

/** A click on a column's sorter: sort by it, or back to by name when the sort is cleared. */
export function sortChangeOf(
  columnKey: unknown,
  order: 'ascend' | 'descend' | null | undefined,
): Pick<DeviceListParams, 'sort' | 'order'> {
  const key = sortable[columnKey as DeviceColumnKey];
  return order && key
    ? { sort: key, order: order === 'descend' ? 'desc' : 'asc' }
    : { sort: 'name', order: 'asc' };
}
