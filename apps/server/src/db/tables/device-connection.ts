import type { DeviceConnectionReason } from '@hmi/domain';
import type { Generated } from 'kysely';
import type { Flag, Ms } from './columns.ts';

// Device connection events (the device-connection module).

/** A bound device came online (1) or went offline (0), and why (migration 0008). */
export interface DeviceConnectionEventsTable {
  id: Generated<number>;
  device_id: number;
  online: Flag;
  reason: DeviceConnectionReason;
  at: Ms;
}

export interface DeviceConnectionTables {
  device_connection_events: DeviceConnectionEventsTable;
}
