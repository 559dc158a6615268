import type { AlarmLevel, AlarmRecord } from '@hmi/domain';

/*
 * The rows of an alarm-list widget: the active records of the project's devices (one read per
 * device: the record list filters by one device) merged newest first and cut to the widget's rows.
 */

/** The columns a row shows. */
export type AlarmRow = Pick<AlarmRecord, 'id' | 'device_name' | 'level' | 'content' | 'state' | 'raised_at'>;

/** Devices read for one alarm list (one call each, every 15 s); beyond them the list says nothing. */
export const ALARM_LIST_DEVICES_MAX = 20;

/** The lists of several devices as one, newest first (equal times: higher id first), at most `rows`. */
export function mergeAlarms(lists: readonly (readonly AlarmRow[] | undefined)[], rows: number): AlarmRow[] {
  return lists
    .flatMap((l) => l ?? [])
    .sort((a, b) => b.raised_at - a.raised_at || b.id - a.id)
    .slice(0, rows);
}

/** Three made-up rows for the designer. */
export function sampleAlarms(
  now: number,
  text: (n: number) => { device: string; content: string },
): AlarmRow[] {
  const levels: AlarmLevel[] = [16, 4, 1];
  return levels.map((level, i) => ({
    id: i + 1,
    device_name: text(i + 1).device,
    level,
    content: text(i + 1).content,
    state: i === 1 ? 2 : 1,
    raised_at: now - (i + 1) * 90_000,
  }));
}
