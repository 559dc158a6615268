import { decodeStoredValue, type StoredRow } from '../history-store/index.ts';

export const presentStoredRow = (row: StoredRow) => ({
  tag_id: row.tag_id,
  ts: row.ts,
  value: decodeStoredValue(row.num, row.txt),
});
