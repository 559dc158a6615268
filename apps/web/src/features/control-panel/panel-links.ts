import { MenuPath, Perm, type PermId } from '@hmi/domain';

/** Where each number of the panel leads: the filtered list behind it (undefined: not allowed). */
export interface PanelLinks {
  devices(filter?: { online?: 0 | 1; alarm?: 1; sync_state?: 0 }): string | undefined;
  alarms(filter?: { level?: number; device?: number; from?: number }): string | undefined;
  templates(): string | undefined;
}

/** The panel's links for a caller: the device list needs view (2), alarm records alarm (44). */
export function panelLinks(can: (perm: PermId) => boolean): PanelLinks {
  const query = (params: Record<string, number | string | undefined>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
    const s = q.toString();
    return s ? `?${s}` : '';
  };
  return {
    devices: (f = {}) => (can(Perm.DeviceView) ? `${MenuPath.DeviceList}${query(f)}` : undefined),
    alarms: (f = {}) =>
      can(Perm.DeviceAlarm)
        ? `${MenuPath.AlarmRecords}${query(f.from !== undefined ? { tab: 'history', ...f } : f)}`
        : undefined,
    templates: () => (can(Perm.TemplateView) ? MenuPath.TemplateList : undefined),
  };
}

/** A share as a percentage with one decimal (SPEC section 9), 0 of nothing. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
