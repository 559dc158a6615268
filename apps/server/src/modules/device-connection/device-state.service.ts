import type { DeviceConnectionReason } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceDisconnectEvent, DeviceLink, DeviceMessage } from '../../plugins/mqtt/device-link.ts';
import type { DeviceConnectionService } from './device-connection.service.ts';
import type { DeviceConfigPublisher } from './device-config.publisher.ts';
import { acknowledgeConfig, catalogueDevices, updateDeviceBySn } from '../device/index.ts';

/** Other device activity (data, command answers) refreshes last_seen_at at most this often. */
const TOUCH_INTERVAL_MS = 30_000;

const disconnectReason: Record<DeviceDisconnectEvent['reason'], DeviceConnectionReason> = {
  closed: 'closed',
  'keepalive-timeout': 'keepalive_timeout',
  error: 'error',
  refused: 'refused',
};

/**
 * Keeps the devices table in step with the device connection: `state` messages and Last Wills
 * set online 0/1 with the last-seen time, broker disconnects (closed, keepalive timeout) set
 * online 0, a `config/ack` of the device's current template and version sets sync state 1.
 * Work on one SN is serialised, so a disconnect and the next connection's state keep their order.
 * Every handler is idempotent (messages may be redelivered). Each change of a bound device's
 * online state goes to its online history with the reason (DeviceConnectionService).
 */
export class DeviceStateService {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly touched = new Map<string, number>();
  /** The server is shutting down: the broker's disconnects are its own doing. */
  private stopping = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publisher: DeviceConfigPublisher,
    private readonly log: FastifyBaseLogger,
    private readonly connections: DeviceConnectionService,
  ) {}

  /**
   * Start-up on the embedded broker, before it listens: no device can be connected yet, so every
   * device still marked online (the server stopped without recording it) goes offline, recorded
   * as a server restart.
   */
  clearOnlineAtStart(): Promise<void> {
    return this.connections.allOffline('server_restart', Date.now());
  }

  /** The server is about to stop the link: disconnects from now on are recorded as server_stop. */
  serverStopping(): void {
    this.stopping = true;
  }

  /** Waits for the work queued so far (so it is written before the database closes). */
  async drain(): Promise<void> {
    await Promise.all([...this.chains.values()].map((c) => c.catch(() => undefined)));
  }

  /** Subscribes to the link; returns a function that unsubscribes. */
  attach(link: DeviceLink): () => void {
    const off = [
      link.onMessage((m) => {
        // The hot path (data, command answers): nothing to write until the next touch is due.
        if (m.channel !== 'state' && m.channel !== 'config/ack' && !this.touchDue(m.sn, m.receivedAt)) return;
        return this.serial(m.sn, () => this.handle(m));
      }),
      link.on('connect', (e) => {
        void this.serial(e.sn, () => this.connected(e.sn, e.keepalive)).catch((err: unknown) =>
          this.log.error({ err, sn: e.sn }, 'device connect update failed'),
        );
      }),
      link.on('disconnect', (e) => {
        const reason = this.stopping ? 'server_stop' : disconnectReason[e.reason];
        void this.serial(e.sn, () => this.setOffline(e.sn, Date.now(), reason)).catch((err: unknown) =>
          this.log.error({ err, sn: e.sn }, 'device disconnect update failed'),
        );
      }),
      link.on('error', (err) => this.log.error({ err }, 'device link error')),
      link.on('refused', (e) => this.log.info(e, 'device refused')),
      link.on('invalid', (e) => this.log.warn(e, 'invalid device message')),
    ];
    return () => off.forEach((f) => f());
  }

  async handle(message: DeviceMessage): Promise<void> {
    const { sn, receivedAt } = message;
    switch (message.channel) {
      case 'state': {
        const state = message.payload;
        if (!state.online) return this.setOffline(sn, receivedAt, message.will ? 'will' : 'state');
        const kind = state.kind;
        const before = await this.stateOf(sn);
        const row = await updateDeviceBySn(this.db, sn, {
          online: 1,
          last_seen_at: receivedAt,
          updated_at: receivedAt,
          ...(state.model !== undefined ? { model: state.model } : {}),
          ...(state.firmware !== undefined ? { firmware: state.firmware } : {}),
          ...(state.ip !== undefined ? { ip: state.ip } : {}),
          ...(state.vnc !== undefined ? { vnc: state.vnc ? 1 : 0 } : {}),
          ...(kind ? { kind, ...(kind === 'hmi' ? { hmi_sn: sn } : { gateway_sn: sn }) } : {}),
        });
        this.touched.set(sn, receivedAt);
        if (before && before.team_id !== null)
          await this.connections.record(before.id, before.online, 1, 'state', receivedAt);
        // The embedded broker keeps retained messages in memory: after a restart a device that
        // has not acknowledged its config would wait for it forever. Publish it again.
        if (
          row &&
          row.team_id !== null &&
          row.config_version > 0 &&
          row.acked_version !== row.config_version
        ) {
          await this.publisher.publish([row.id]);
        }
        return;
      }
      case 'config/ack': {
        const ack = message.payload;
        await acknowledgeConfig(this.db, sn, ack, receivedAt);
        return;
      }
      default:
        return this.touch(sn, receivedAt);
    }
  }

  private async connected(sn: string, keepalive: number): Promise<void> {
    const now = Date.now();
    await updateDeviceBySn(this.db, sn, { keepalive, last_seen_at: now, updated_at: now });
    this.touched.set(sn, now);
  }

  private async setOffline(sn: string, at: number, reason: DeviceConnectionReason): Promise<void> {
    const before = await this.stateOf(sn);
    await updateDeviceBySn(this.db, sn, { online: 0, last_seen_at: at, updated_at: at });
    this.touched.delete(sn);
    if (before && before.team_id !== null)
      await this.connections.record(before.id, before.online, 0, reason, at);
  }

  /** The device's id, team and online state before a change (unregistered SNs: undefined). */
  private stateOf(sn: string) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'team_id', 'online'])
      .where('sn', '=', sn)
      .executeTakeFirst();
  }

  private touchDue(sn: string, at: number): boolean {
    return at - (this.touched.get(sn) ?? 0) >= TOUCH_INTERVAL_MS;
  }

  private async touch(sn: string, at: number): Promise<void> {
    if (!this.touchDue(sn, at)) return;
    this.touched.set(sn, at);
    await updateDeviceBySn(this.db, sn, { last_seen_at: at });
  }

  /** Runs `job` after every earlier job of the same SN. */
  private serial(sn: string, job: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(sn) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(job);
    this.chains.set(sn, next);
    void next
      .catch(() => undefined)
      .then(() => {
        if (this.chains.get(sn) === next) this.chains.delete(sn);
      });
    return next;
  }
}
