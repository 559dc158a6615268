import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceLink, DeviceMessage } from '../../plugins/mqtt/device-link.ts';
import type { DeviceConfigPublisher } from './device-config.publisher.ts';

/** Other device activity (data, command answers) refreshes last_seen_at at most this often. */
const TOUCH_INTERVAL_MS = 30_000;

/**
 * Keeps the devices table in step with the device connection: `state` messages and Last Wills
 * set online 0/1 with the last-seen time, broker disconnects (closed, keepalive timeout) set
 * online 0, a `config/ack` of the device's current template and version sets sync state 1.
 * Work on one SN is serialised, so a disconnect and the next connection's state keep their order.
 * Every handler is idempotent (messages may be redelivered).
 */
export class DeviceStateService {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publisher: DeviceConfigPublisher,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** No device can be connected to a broker that is just starting: clears what a crash left. */
  async clearOnlineAtStart(): Promise<void> {
    await this.db.updateTable('devices').set({ online: 0 }).where('online', '=', 1).execute();
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
        void this.serial(e.sn, () => this.setOffline(e.sn, Date.now())).catch((err: unknown) =>
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
        if (!state.online) return this.setOffline(sn, receivedAt);
        const kind = state.kind;
        const row = await this.db
          .updateTable('devices')
          .set({
            online: 1,
            last_seen_at: receivedAt,
            updated_at: receivedAt,
            ...(state.model !== undefined ? { model: state.model } : {}),
            ...(state.firmware !== undefined ? { firmware: state.firmware } : {}),
            ...(state.ip !== undefined ? { ip: state.ip } : {}),
            ...(kind ? { kind, ...(kind === 'hmi' ? { hmi_sn: sn } : { gateway_sn: sn }) } : {}),
          })
          .where('sn', '=', sn)
          .returning(['id', 'team_id', 'config_version', 'acked_version'])
          .executeTakeFirst();
        this.touched.set(sn, receivedAt);
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
        await this.db
          .updateTable('devices')
          .set({
            sync_state: 1,
            acked_version: ack.version,
            last_seen_at: receivedAt,
            updated_at: receivedAt,
          })
          .where('sn', '=', sn)
          .where('team_id', 'is not', null)
          .where('config_version', '=', ack.version)
          .where('template_id', ack.templateId === null ? 'is' : '=', ack.templateId)
          .execute();
        return;
      }
      default:
        return this.touch(sn, receivedAt);
    }
  }

  private async connected(sn: string, keepalive: number): Promise<void> {
    const now = Date.now();
    await this.db
      .updateTable('devices')
      .set({ keepalive, last_seen_at: now, updated_at: now })
      .where('sn', '=', sn)
      .execute();
    this.touched.set(sn, now);
  }

  private async setOffline(sn: string, at: number): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ online: 0, last_seen_at: at, updated_at: at })
      .where('sn', '=', sn)
      .execute();
    this.touched.delete(sn);
  }

  private touchDue(sn: string, at: number): boolean {
    return at - (this.touched.get(sn) ?? 0) >= TOUCH_INTERVAL_MS;
  }

  private async touch(sn: string, at: number): Promise<void> {
    if (!this.touchDue(sn, at)) return;
    this.touched.set(sn, at);
    await this.db.updateTable('devices').set({ last_seen_at: at }).where('sn', '=', sn).execute();
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
