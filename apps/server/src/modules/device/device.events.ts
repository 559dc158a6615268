/**
 * Devices were bound or unbound (committed; their recorded data is purged): ingest reads them
 * again and the alarm engine forgets their state. `teamId`: their team now, null when unbound.
 */
export interface DeviceBindingEvent {
  deviceIds: number[];
  sns: string[];
  teamId: number | null;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'device.binding': DeviceBindingEvent;
  }
}

/**
 * Devices of a team changed group or zone (a device edited or moved to another group, a group
 * moved under another parent: `deviceIds` null, every device of the team; devices assigned to a
 * zone): who may see or operate them may have changed. Remote sessions on them are checked again
 * at once (modules/remote, `RemoteService.mayHold`).
 */
export interface DeviceScopeEvent {
  teamId: number;
  deviceIds: number[] | null;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'device.scope': DeviceScopeEvent;
  }
}
