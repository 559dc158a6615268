import type { AlarmRecord } from '@hmi/domain';

/**
 * An alarm record changed, after its commit. `userIds`: the users whose data scope holds the
 * device (each got one alarm message when `event` is 'raised').
 */
export interface AlarmEvent {
  teamId: number;
  deviceId: number;
  event: 'raised' | 'repeated' | 'acked' | 'recovered';
  record: AlarmRecord;
  userIds: number[];
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'alarm.event': AlarmEvent;
  }
}
