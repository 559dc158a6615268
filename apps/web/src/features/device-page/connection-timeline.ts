import type { DeviceConnectionEvent } from '@hmi/domain';

export interface TimelineEntry {
  event: DeviceConnectionEvent;
  /** How long the state lasted: until the next (newer) event, or until now for the newest. */
  lasted: number;
  /** The newest event: its state holds now. */
  ongoing: boolean;
}

/** Events newest first (as the log answers) with how long each state lasted. */
export function timelineOf(events: readonly DeviceConnectionEvent[], now: number): TimelineEntry[] {
  return events.map((event, i) => {
    const until = i === 0 ? now : (events[i - 1]?.at ?? now);
    return { event, lasted: Math.max(0, until - event.at), ongoing: i === 0 };
  });
}

/**
 * The i18n key of an event's text: `reason.online` (a device comes online only by saying so),
 * `reason.bound` (it was online when bound), `reason.offline.<reason>` (`will`, ...).
 */
export function reasonKey(e: Pick<DeviceConnectionEvent, 'online' | 'reason'>): string {
  if (e.online !== 1) return `reason.offline.${e.reason}`;
  return e.reason === 'bound' ? 'reason.bound' : 'reason.online';
}

export type DurationUnit = 'd' | 'h' | 'min' | 's';
const units: readonly [DurationUnit, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['min', 60_000],
  ['s', 1000],
];

/**
 * A duration as its two largest units ("2 d 3 h", "5 min 12 s", "45 s"); under a second is
 * 0 s. Shown with the `duration.<unit>` texts.
 */
export function durationParts(ms: number): { unit: DurationUnit; count: number }[] {
  let rest = Math.max(0, Math.floor(ms / 1000) * 1000);
  const parts: { unit: DurationUnit; count: number }[] = [];
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (parts.length > 0 && parts.length < 2)) parts.push({ unit, count });
    if (parts.length === 2) break;
  }
  // "1 h 0 min" reads as "1 h".
  const shown = parts.filter((p, i) => i === 0 || p.count > 0);
  return shown.length > 0 ? shown : [{ unit: 's', count: 0 }];
}

/**
 * Share of [from, to] the device was online (0..1), from its events (newest first), and the
 * start of the stretch it covers. Before the oldest event the device was in the other state
 * (events are changes), except before a `bound` event: the binding is where its history starts,
 * so the share then covers [bound, to]. Null when nothing is known (no event, nothing to cover).
 */
export function onlineShare(
  events: readonly Pick<DeviceConnectionEvent, 'online' | 'at' | 'reason'>[],
  from: number,
  to: number,
): { share: number; from: number } | null {
  const oldest = events[events.length - 1];
  if (!oldest) return null;
  const start = oldest.reason === 'bound' ? Math.max(from, oldest.at) : from;
  if (to <= start) return null;
  let online = 0;
  let end = to;
  for (const e of events) {
    const begin = Math.max(e.at, start);
    if (e.online === 1 && end > begin) online += end - begin;
    end = Math.min(end, e.at);
    if (end <= start) break;
  }
  if (end > start && oldest.online === 0) online += end - start;
  return { share: online / (to - start), from: start };
}
