/** Column types shared by every table file. */

/** Milliseconds since the epoch (UTC), stored as bigint / integer. */
export type Ms = number;
/** 0 or 1: booleans are integers on both engines. */
export type Flag = number;
/** A JSON document stored as text. */
export type JsonText = string;
/** A history frame's `data` (the history store's `history-frame.codec.ts`): JSON text, or on SQLite the BLOB form. */
export type FrameData = string | Uint8Array;
