import type { HistoryValue } from '@hmi/domain';

/**
 * The values of one sample of a device: aligned arrays in ascending tag id order (the frames the
 * history store commits, shared as they are: no object per value on the hot path). Read a value
 * with `frameValue`.
 */
export interface DataFrame {
  ts: number;
  ids: readonly number[];
  nums: readonly (number | null)[];
  /** The text of STRING values and of exact 64-bit values beyond 2^53; null when none has text. */
  txts: readonly (string | null)[] | null;
}

/** New live values of one device: its committed frames (not backfill), as ingest publishes them. */
export interface DeviceDataEvent {
  deviceId: number;
  teamId: number;
  frames: readonly DataFrame[];
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'device.data': DeviceDataEvent;
  }
}

/** The value at position i of a frame: its text when it has one (STRING, exact 64-bit), else its number. */
export function frameValue(f: DataFrame, i: number): HistoryValue {
  const txt = f.txts === null ? null : f.txts[i]!;
  return txt !== null ? txt : f.nums[i]!;
}

/** A data event of single values (tests and tools; ingest publishes the store's frames). */
export function dataEvent(
  deviceId: number,
  teamId: number,
  items: readonly { tagId: number; ts: number; value: HistoryValue }[],
): DeviceDataEvent {
  return {
    deviceId,
    teamId,
    frames: items.map(({ tagId, ts, value }) => ({
      ts,
      ids: [tagId],
      nums: [typeof value === 'number' ? value : null],
      txts: typeof value === 'string' ? [value] : null,
    })),
  };
}
