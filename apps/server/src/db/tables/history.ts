import type { ColumnType, Generated } from 'kysely';
import type { FrameData, Ms } from './columns.ts';

// The history store: frames, rollups, last values, ingest drops and the tag-write log.

/** One sample of one tag (see migration 0003 for the value columns). */
/**
 * History as frames (migration 0007): the values of one device message sample, encoded by
 * `history-frame.codec.ts`.
 */
export interface HistoryFramesTable {
  device_id: number;
  /** Sample time (the device's clock), ms. */
  ts: Ms;
  /** 32-bit hash of the sample's tag ids: a redelivery conflicts, other messages of the same ts do not. */
  tagset: number;
  /** history_writers id of the server that stored it; 0 for migrated or bulk-loaded frames. */
  writer: ColumnType<number, number | undefined, number>;
  /** The writer's commit time, ms, strictly increasing per writer (crash recovery of rollups). */
  ingested_at: Ms;
  /** `modules/history-store/history-frame.codec.ts`: JSON text, or on SQLite the BLOB form. */
  data: FrameData;
}

/**
 * SQLite: frames in commit order (seq = rowid) until they move into history_frames in bulk
 * (migration 0007); unused on PostgreSQL.
 */
export interface HistoryRecentTable {
  seq: Generated<number>;
  device_id: number;
  ts: Ms;
  tagset: number;
  writer: number;
  ingested_at: Ms;
  data: FrameData;
}

/** Each server's history writer and how far its in-memory rollups are written (migration 0007). */
export interface HistoryWritersTable {
  id: Generated<number>;
  name: string;
  /** The newest ingested_at whose rollups and last values are stored. */
  watermark: ColumnType<number, number | undefined, number>;
  flushed_at: Ms | null;
}

/** Per-minute aggregates of history (count, min, max, first, last), kept by the ingest pipeline. */
export interface History1mTable {
  device_id: number;
  tag_id: number;
  minute: Ms;
  n: number;
  mn: number | null;
  mx: number | null;
  t0: Ms;
  first_num: number | null;
  first_txt: string | null;
  t1: Ms;
  last_num: number | null;
  last_txt: string | null;
}

export interface TagLastValuesTable {
  device_id: number;
  tag_id: number;
  ts: Ms;
  num: number | null;
  txt: string | null;
}

/** Values the ingest pipeline refused, per device. */
export interface IngestDropsTable {
  device_id: number;
  unknown_tag: ColumnType<number, number | undefined, number>;
  wrong_type: ColumnType<number, number | undefined, number>;
  bad_payload: ColumnType<number, number | undefined, number>;
  /** Values of a device whose template is locked (migration 0013). */
  template_locked: ColumnType<number, number | undefined, number>;
  /** Values of tags beyond the device's TAG allocation (migration 0013). */
  tag_quota: ColumnType<number, number | undefined, number>;
  last_reason: ColumnType<string, string | undefined, string>;
  last_at: Ms | null;
}

/** Audit of tag writes from the console. */
export interface TagWritesTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  tag_id: number;
  tag_name: string;
  user_id: number;
  command_id: string;
  old_num: number | null;
  old_txt: string | null;
  new_num: number | null;
  new_txt: string | null;
  outcome: 'pending' | 'ok' | 'refused' | 'timeout' | 'offline' | 'error';
  code: number | null;
  created_at: Ms;
  finished_at: Ms | null;
}

export interface HistoryTables {
  history_frames: HistoryFramesTable;
  history_writers: HistoryWritersTable;
  history_recent: HistoryRecentTable;
  history_1m: History1mTable;
  tag_last_values: TagLastValuesTable;
  ingest_drops: IngestDropsTable;
  tag_writes: TagWritesTable;
}
