import {
  DeviceConnectionLimits,
  ErrorCode,
  type DeviceConnectionLogReply,
  type DeviceConnectionReason,
} from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { ConnectionEventRow, DeviceConnectionRepo } from './device-connection.repo.ts';

/**
 * How much an offline reason tells. One outage often brings several signals (a crash: the
 * connection closes and the broker publishes the Last Will; a silent device: the keepalive
 * timeout, then the Will), in an order the broker does not promise; the most telling one names it.
 */
const offlineRank: Record<DeviceConnectionReason, number> = {
  closed: 0,
  error: 1,
  refused: 1,
  state: 2,
  will: 2,
  keepalive_timeout: 3,
  server_stop: 4,
  server_restart: 4,
  bound: 0,
};

/** A recorded change of a bound device's online state. */
export interface DeviceConnectionChange {
  deviceId: number;
  online: 0 | 1;
  reason: DeviceConnectionReason;
  at: number;
}

/** Offline signals this close to the recorded one belong to the same outage. */
export const SAME_OUTAGE_MS = 10_000;

/**
 * The reason the latest recorded event should take when another offline signal arrives while the
 * device is already offline: a more telling reason of the same outage, else null (keep it).
 */
export function refinedOfflineReason(
  latest: Pick<ConnectionEventRow, 'online' | 'reason' | 'at'> | undefined,
  reason: DeviceConnectionReason,
  at: number,
): DeviceConnectionReason | null {
  if (!latest || latest.online !== 0) return null;
  if (Math.abs(at - latest.at) > SAME_OUTAGE_MS) return null;
  return offlineRank[reason] > offlineRank[latest.reason] ? reason : null;
}

/**
 * A device's online history: one event per change of its online state, with the reason (the
 * device-state service reports them), the newest `keepPerDevice` kept; and its reading through
 * the caller's data scope.
 */
export class DeviceConnectionService {
  private readonly listeners = new Set<(change: DeviceConnectionChange) => void>();

  constructor(
    private readonly repo: DeviceConnectionRepo,
    private readonly keepPerDevice: number = DeviceConnectionLimits.keepPerDevice,
  ) {}

  /**
   * A signal about a bound device's connection: `wasOnline` is its online state before the
   * signal, `online` the state it leads to. A change is recorded; an offline signal while
   * offline may only sharpen the reason of the outage recorded (refinedOfflineReason).
   */
  async record(
    deviceId: number,
    wasOnline: number,
    online: 0 | 1,
    reason: DeviceConnectionReason,
    at: number,
  ): Promise<void> {
    if (wasOnline !== online) {
      await this.repo.insert(deviceId, online, reason, at);
      await this.repo.trim(deviceId, this.keepPerDevice);
      for (const listener of this.listeners) listener({ deviceId, online, reason, at });
      return;
    }
    if (online === 1) return;
    const latest = await this.repo.latest(deviceId);
    const better = refinedOfflineReason(latest, reason, at);
    if (latest && better) await this.repo.setReason(latest.id, better);
  }

  /**
   * Hears each change recorded by this server, after its write (webhooks); returns the detach.
   * Changes of start-up (allOffline) and of a binding (onlineAtBind) are not told.
   */
  onChange(listener: (change: DeviceConnectionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Start-up: every bound device still marked online gets an offline event; all go offline. */
  allOffline(reason: DeviceConnectionReason, at: number): Promise<void> {
    return this.repo.allOffline(reason, at);
  }

  /**
   * A binding begins (after the purge of the previous one's rows): its history starts with an
   * online event for each of these devices that is online now, in the binding's transaction.
   */
  onlineAtBind(deviceIds: readonly number[], at: number, db: Transaction<Database>): Promise<void> {
    return this.repo.onlineAtBind(deviceIds, at, db);
  }

  /** A page of the online history of a device in the caller's scope (else 1003), newest first. */
  async log(
    caller: CurrentUser,
    id: number,
    page: number,
    pageSize: number,
  ): Promise<DeviceConnectionLogReply> {
    const deviceId = await this.repo.deviceInScope(caller.scope, id);
    if (deviceId === undefined) throw new AppError(ErrorCode.E1003_NO_DATA);
    const { rows, total } = await this.repo.page(deviceId, (page - 1) * pageSize, pageSize);
    return {
      list: rows.map((r) => ({
        id: r.id,
        device_id: r.device_id,
        online: r.online,
        reason: r.reason,
        at: r.at,
      })),
      total,
      page,
      page_size: pageSize,
    };
  }
}
