import type { LiveActMessage } from '@hmi/domain';

/** Something that happened to a device, for its sockets (`act`): online, sync, command results. */
export interface DeviceActEvent {
  teamId: number;
  act: Omit<LiveActMessage, 'type'>;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'device.act': DeviceActEvent;
  }
}
