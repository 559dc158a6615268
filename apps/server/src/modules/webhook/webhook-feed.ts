import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../plugins/bus.ts';
import type { AlarmEvent } from '../alarm/index.ts';
import type { DeviceConnectionChange } from '../device-connection/index.ts';
import type { RemoteSessionChange } from '../remote/index.ts';
import type { WebhookEvent } from './webhook-event.ts';

/** Where the feed hears events: the bus, the device connection service, the tunnel hub. */
export interface WebhookSources {
  bus: Bus;
  connections: { onChange(listener: (c: DeviceConnectionChange) => void): () => void };
  sessions: { onSession(listener: (c: RemoteSessionChange) => void): () => void };
  /** A device's team and name (the device catalogue's `deviceById`). */
  devices: {
    deviceById(id: number): Promise<{ team_id: number | null; name: string | null; sn: string } | undefined>;
  };
}

const alarmTypes = { raised: 'alarm.raised', acked: 'alarm.acked', recovered: 'alarm.recovered' } as const;

/** The webhook event of an alarm transition ('repeated' is none). */
export function alarmWebhookEvent(e: AlarmEvent): WebhookEvent | null {
  if (e.event === 'repeated') return null;
  const r = e.record;
  const at = e.event === 'raised' ? r.raised_at : e.event === 'acked' ? r.acked_at : r.recovered_at;
  return {
    id: `alarm.${r.id}.${e.event}`,
    type: alarmTypes[e.event],
    created_at: at ?? Date.now(),
    team_id: e.teamId,
    data: {
      record_id: r.id,
      device_id: r.device_id,
      device_name: r.device_name,
      rule_id: r.rule_id,
      rule_name: r.rule_name,
      tag_name: r.tag_name,
      level: r.level,
      state: r.state,
      content: r.content,
      value: r.value,
      raised_at: r.raised_at,
      acked_at: r.acked_at,
      acked_by: r.acked_by,
      ack_comment: r.ack_comment,
      recovered_at: r.recovered_at,
    },
  };
}

/**
 * Turns the events a server causes into webhook deliveries, each enqueued once: alarm transitions
 * from the bus with scope 'origin' (the server that committed them: the partition owner for raises
 * and recoveries, the one that answered for an acknowledgement), device connection changes and
 * remote sessions from this server's services (the server that recorded them). Every event id is
 * derived from its cause, and the outbox is unique on (endpoint, event id), so hearing an event
 * twice adds nothing. An event is enqueued after its cause committed: a server that dies in
 * between loses that event's webhook (docs/api.md says so).
 */
export class WebhookFeed {
  private off: (() => void)[] = [];
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly sources: WebhookSources,
    private readonly enqueue: (e: WebhookEvent) => Promise<number>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const { bus, connections, sessions } = this.sources;
    this.off = [
      bus.subscribe(
        'alarm.event',
        (e) => {
          const event = alarmWebhookEvent(e);
          if (event) this.track(Promise.resolve(event));
        },
        'origin',
      ),
      connections.onChange((c) => this.track(this.deviceEvent(c))),
      sessions.onSession((c) => this.track(this.sessionEvent(c))),
    ];
  }

  /** Stops hearing, and waits for the events heard to be enqueued. */
  async stop(): Promise<void> {
    this.off.forEach((f) => f());
    this.off = [];
    await Promise.allSettled([...this.pending]);
  }

  private track(event: Promise<WebhookEvent | null>): void {
    const p = event
      .then((e) => (e ? this.enqueue(e) : 0))
      .catch((err: unknown) => this.log.error({ err }, 'webhook event not enqueued'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private async deviceEvent(c: DeviceConnectionChange): Promise<WebhookEvent | null> {
    const device = await this.sources.devices.deviceById(c.deviceId);
    if (!device || device.team_id === null) return null;
    const type = c.online === 1 ? 'device.online' : 'device.offline';
    return {
      id: `${type}.${c.deviceId}.${c.at}`,
      type,
      created_at: c.at,
      team_id: device.team_id,
      data: { device_id: c.deviceId, device_name: device.name, sn: device.sn, reason: c.reason, at: c.at },
    };
  }

  private async sessionEvent(c: RemoteSessionChange): Promise<WebhookEvent | null> {
    const device = await this.sources.devices.deviceById(c.deviceId);
    const type = c.event === 'start' ? 'remote.start' : 'remote.end';
    return {
      id: `remote.${c.sessionId}.${c.event}`,
      type,
      created_at: c.at,
      team_id: c.teamId,
      data: {
        session_id: c.sessionId,
        device_id: c.deviceId,
        device_name: device?.name ?? null,
        user_id: c.userId,
        mode: c.mode,
        ...(c.reason !== undefined ? { reason: c.reason } : {}),
        at: c.at,
      },
    };
  }
}
