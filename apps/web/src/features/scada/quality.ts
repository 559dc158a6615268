import type { LiveCell, LiveQuality } from './widget-types.ts';

/*
 * The quality every bound widget shows (a badge and an outline, QualityBadge): what the runtime
 * knows of the device (online, offline, not the caller's to read) and of the value (none yet,
 * fresh, stale). Pure: the screen's live model calls it per widget when one of those changes.
 */

/**
 * A value older than this (by the time this screen received it) is stale: the data monitor's
 * rule (monitor/tag-value.ts), so a tag reads the same on both screens.
 */
export const STALE_AFTER_MS = 60_000;

/** What the runtime knows of a bound device. */
export type DeviceAccess = 'online' | 'offline' | 'denied';

/**
 * A device's access: denied when the caller may not read it (outside their data permissions, not
 * in the project, or no monitor permission: no values would ever come), else its online state.
 */
export function deviceAccess(
  device: { online: number; visible: boolean } | undefined,
  canMonitor: boolean,
): DeviceAccess {
  if (!device || !device.visible || !canMonitor) return 'denied';
  return device.online === 1 ? 'online' : 'offline';
}

/** The quality of a bound value: denied, then offline, then none, stale or good by the value's age. */
export function cellQuality(access: DeviceAccess, receivedAt: number | undefined, now: number): LiveQuality {
  if (access !== 'online') return access;
  if (receivedAt === undefined) return 'none';
  return now - receivedAt > STALE_AFTER_MS ? 'stale' : 'good';
}

/** A socket value as a cell value: booleans as 0/1 (what the write reply says of a BOOL). */
export function cellValue(value: number | string | boolean | null | undefined): number | string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** The cell of a binding from its device's access and its last value (if any). */
export function liveCell(
  access: DeviceAccess,
  last: { value: number | string | boolean | null; ts: number; receivedAt: number } | undefined,
  now: number,
): LiveCell {
  // A denied device's last value (from before a role change) is not shown.
  if (access === 'denied' || !last) return { value: null, quality: cellQuality(access, undefined, now) };
  return { value: cellValue(last.value), quality: cellQuality(access, last.receivedAt, now), ts: last.ts };
}

/** Two cells that draw the same (a widget re-renders only when its cell changes). */
export function sameCell(a: LiveCell | undefined, b: LiveCell | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.value === b.value && a.quality === b.quality && a.ts === b.ts;
}

/** Whether a quality gets a badge (good values and unbound widgets do not). */
export const showsBadge = (q: LiveQuality): boolean => q !== 'good';
