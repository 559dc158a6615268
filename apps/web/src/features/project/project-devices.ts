import type { ProjectDetail } from '@hmi/domain';
import type { DevicePick } from '../../shared/devices/DeviceMultiSelect.tsx';

/** The project's devices the caller sees, as the device select's picks. */
export function visiblePicks(project: ProjectDetail): DevicePick[] {
  return project.devices.filter((d) => d.visible).map((d) => ({ id: d.id, name: d.name }));
}

/**
 * The device set to send after an edit, or undefined when the visible devices did not change
 * (no call). Only visible ids are sent: the server keeps the devices the caller cannot see.
 */
export function editedDevices(project: ProjectDetail, picked: readonly number[]): number[] | undefined {
  const before = new Set(visiblePicks(project).map((d) => d.id));
  const after = new Set(picked);
  const same = before.size === after.size && [...before].every((d) => after.has(d));
  return same ? undefined : [...after];
}

/** The device set without one device (the detail panel's remove), hidden devices left to the server. */
export function withoutDevice(project: ProjectDetail, deviceId: number): number[] {
  return visiblePicks(project)
    .map((d) => d.id)
    .filter((d) => d !== deviceId);
}
