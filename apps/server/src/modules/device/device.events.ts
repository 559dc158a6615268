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
