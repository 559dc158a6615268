/**
 * The history store's public entry: everything outside modules/history-store reaches device
 * history through what this file exports (the store object, its types, and the value codecs).
 */
import type { HistoryReadRepo } from './history-read.repo.ts';
import type { LastValuesRepo } from './last-values.repo.ts';
import type { TagWritesRepo } from './tag-writes.repo.ts';

export { HistoryStore, type HistoryStoreOptions } from './history-store.ts';
export { dataEvent, frameValue, type DataFrame, type DeviceDataEvent } from './data-frame.ts';
export type { DropDelta, HistoryWriter, IngestFrame, WriterOptions } from './history-writer.ts';
export type { BucketRow, StoredRow } from './history-read.repo.ts';
export type { LastValueRow } from './last-values.repo.ts';
export { HISTORY_TABLES, type HistoryTable } from './history-purge.repo.ts';
export {
  decodeStoredValue,
  encodeTagValue,
  numericValue,
  type EncodeResult,
  type StoredValue,
} from './tag-value.codec.ts';
export {
  decodeFrame,
  eachFrameValue,
  encodeFrame,
  encodeFrameBinary,
  encodeFrameBytes,
  TAGSET_SEED,
  tagsetAdd,
  tagsetEnd,
  tagsetOf,
  type FrameData,
  type FrameValues,
} from './history-frame.codec.ts';

// The store's parts other modules are given (the composition root passes `historyStore.<part>`),
// named by what they offer; the repositories behind them stay inside.
/** Raw values, counts, series and rollup rebuilds (`historyStore.reads`). */
export type HistoryReads = Pick<
  HistoryReadRepo,
  'count' | 'rows' | 'bucketsFromRows' | 'bucketsFromRollups' | 'rebuildRollups'
>;
/** The last value of each tag (`historyStore.lastValues`). */
export type LastValueReads = Pick<LastValuesRepo, 'ofDevice' | 'ofTag'>;
/** The log of tag writes (`historyStore.tagWrites`). */
export type TagWriteLog = Pick<TagWritesRepo, 'insert' | 'finish' | 'log'>;
