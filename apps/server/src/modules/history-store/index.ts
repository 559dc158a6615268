/**
 * The history store's public entry: everything outside modules/history-store reaches device
 * history through what this file exports (the store object, its types, and the value codecs).
 */
export { HistoryStore, type HistoryStoreOptions } from './history-store.ts';
export { dataEvent, frameValue, type DataFrame, type DeviceDataEvent } from './data-frame.ts';
export type { DropDelta, HistoryWriter, IngestFrame, WriterOptions } from './history-writer.ts';
export type { BucketRow, HistoryReadRepo, StoredRow } from './history-read.repo.ts';
export type { LastValueRow, LastValuesRepo } from './last-values.repo.ts';
export type { TagWritesRepo } from './tag-writes.repo.ts';
export type { DeviceTag, DeviceTagsRepo } from './device-tags.repo.ts';
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
  TAGSET_SEED,
  tagsetAdd,
  tagsetEnd,
  tagsetOf,
  type FrameData,
  type FrameValues,
} from './history-frame.codec.ts';
