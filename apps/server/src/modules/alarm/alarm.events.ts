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
  /**
   * 'raised' only: false when the raise fell in its rule's notification interval (collected for
   * a digest, alarm-notify-policy.ts): recorded, no message, no mail.
   */
  notified?: boolean;
}

/**
 * Raises of one rule on one device collected within its notification interval, after their
 * digest messages committed (one per user of `userIds`): the mailer sends the digest mail.
 */
export interface AlarmDigestEvent {
  teamId: number;
  deviceId: number;
  /** The newest collected record. */
  record: AlarmRecord;
  userIds: number[];
  count: number;
  /** The window, minutes; the interval, minutes. */
  minutes: number;
  interval: number;
  flapping: boolean;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'alarm.event': AlarmEvent;
    'alarm.digest': AlarmDigestEvent;
  }
}
