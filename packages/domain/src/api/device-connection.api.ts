import { z } from 'zod';
import { idSchema } from './device.api.ts';

/**
 * Contract of a device's online history: each time it came online or went offline, and why.
 * Needs device view (2) and the device in the caller's data scope (else 1003). The server keeps
 * the newest `DeviceConnectionLimits.keepPerDevice` events of each device; they belong to the
 * binding (deleted at unbind, like history).
 */
export const DeviceConnectionPaths = {
  log: '/device/online/log', // GET deviceConnectionLogQuery -> deviceConnectionLogReply (device view 2)
} as const;

export const DeviceConnectionLimits = {
  /** Events kept per device; older ones are deleted as new ones arrive. */
  keepPerDevice: 200,
  pageSizeMax: 100,
} as const;

/**
 * Why a device's online state changed.
 * - `state`: the device said so itself (`state` message; on an external broker a Last Will
 *   looks the same, the broker does not tell).
 * - `will`: the broker published the device's Last Will (connection lost without DISCONNECT).
 * - `closed`: the connection closed without an offline state message.
 * - `keepalive_timeout`: the device was silent past 1.5 x its keepalive.
 * - `error`: the connection failed (socket or protocol error).
 * - `refused`: the broker refused the device (e.g. a message it may not send).
 * - `server_stop`: this server shut down while the device was connected.
 * - `server_restart`: the server started and found the device marked online (it had stopped
 *   without recording it: crash or kill).
 * - `bound`: the device was online when the team bound it (the history starts with the binding).
 */
export const deviceConnectionReasons = [
  'state',
  'will',
  'closed',
  'keepalive_timeout',
  'error',
  'refused',
  'server_stop',
  'server_restart',
  'bound',
] as const;
export type DeviceConnectionReason = (typeof deviceConnectionReasons)[number];

/** One change of online state: `online` 1 came online, 0 went offline; `at` is server time, ms. */
export const deviceConnectionEvent = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  online: z.number().int(),
  reason: z.enum(deviceConnectionReasons),
  at: z.number().int(),
});
export type DeviceConnectionEvent = z.infer<typeof deviceConnectionEvent>;

export const deviceConnectionLogQuery = z.object({
  id: idSchema,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(DeviceConnectionLimits.pageSizeMax).default(20),
});
export type DeviceConnectionLogQuery = z.input<typeof deviceConnectionLogQuery>;

/** Newest first. */
export const deviceConnectionLogReply = z.object({
  list: z.array(deviceConnectionEvent),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type DeviceConnectionLogReply = z.infer<typeof deviceConnectionLogReply>;
