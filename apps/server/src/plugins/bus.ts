import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { Histogram, type Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Scope } from './bus/dispatch.ts';
import { DispatchingBus } from './bus/dispatching-bus.ts';
import type { Ownership } from './bus/ownership.ts';
import { NatsTransport } from './bus/nats-transport.ts';
import { RedisTransport } from './bus/redis-transport.ts';
import { RemoteBus } from './bus/remote-bus.ts';
import type { RequesterTopic } from './bus/topics.ts';

export type { Scope } from './bus/dispatch.ts';

/**
 * The topics of the bus and their events. Empty here: each feature adds the topics it publishes
 * by declaration merging, beside its event type (`declare module '../../plugins/bus.ts'`), e.g.
 * 'device.data' in modules/history-store/data-frame.ts, 'alarm.event' in modules/alarm/alarm.events.ts;
 * and gives each its delivery in `BUS_TOPICS` (bus/topics.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface BusEvents {}

/**
 * Events between the parts of the app, on one server or across several (docs/architecture.md,
 * "Scale-out: the bus"). In-process by default; with BUS_URL a Redis or NATS adapter behind the
 * same interface. Delivery is at most once and asynchronous as far as callers may assume: a
 * socket that misses an event gets the current values again on its next subscribe or page
 * switch, and what must not be missed is read from the database.
 */
export interface Bus {
  /** This server, as `send` addresses it. */
  readonly serverId: string;
  /** To every server's subscribers of the topic (this server's included). */
  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void;
  /** To the subscribers of one server (a 'requester' topic: the server that asked). */
  send<K extends RequesterTopic>(serverId: string, topic: K, event: BusEvents[K]): void;
  /** `scope`: which events (bus/dispatch.ts): every server's, this server's devices', this server's own. */
  subscribe<K extends keyof BusEvents>(
    topic: K,
    handler: (event: BusEvents[K]) => void,
    scope?: Scope,
  ): () => void;
  /** Which devices this server owns (every device until partitions are leased). */
  get ownership(): Ownership;
  set ownership(o: Ownership);
  /** Resolves when the bus answers (readiness: always in process; BUS_URL: its connection). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A short random id per server process, sent with what it publishes. */
export function newServerId(): string {
  return randomBytes(6).toString('base64url');
}

/** The bus of one process: every server is this one. */
export class InProcessBus extends DispatchingBus {
  constructor(onError: (err: unknown) => void = (err) => console.error('[bus]', err)) {
    super(newServerId(), onError);
  }

  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void {
    this.dispatch.deliver(topic, event, true);
  }

  send<K extends RequesterTopic>(_serverId: string, topic: K, event: BusEvents[K]): void {
    this.dispatch.deliver(topic, event, true);
  }
}

/** The bus of BUS_URL (`redis://`, `rediss://` or `nats://`); resolves once it listens. */
export async function openRemoteBus(
  url: string,
  options: {
    prefix: string;
    serverId?: string;
    onError: (err: unknown) => void;
    /** Hears the lag of each message received from another server, seconds. */
    observeLag?: (seconds: number) => void;
  },
): Promise<RemoteBus> {
  const protocol = new URL(url).protocol;
  const transport =
    protocol === 'nats:' ? new NatsTransport(url, options.onError) : new RedisTransport(url, options.onError);
  const serverId = options.serverId ?? newServerId();
  const bus = new RemoteBus(serverId, transport, options.prefix, options.onError, options.observeLag);
  try {
    return await bus.open();
  } catch (err) {
    await transport.close().catch(() => undefined);
    throw new Error(
      `BUS_URL=${protocol}//...: cannot reach the bus: ${err instanceof Error ? err.message : String(err)}`,
      {
        cause: err,
      },
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** The bus of BUS_URL, or the in-process one; with BUS_URL its lag goes to `metrics` (docs/metrics.md). */
export const busPlugin = fp<{ config: Config; metrics: Registry }>(
  async (app, { config, metrics }) => {
    const onError = (err: unknown) => app.log.error({ err }, 'bus failed');
    const bus: Bus = config.busUrl
      ? await openRemoteBus(config.busUrl, {
          prefix: config.busPrefix,
          onError,
          observeLag: busLag(metrics),
        })
      : new InProcessBus(onError);
    app.decorate('bus', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'bus' },
);

/** hmi_bus_lag_seconds: publish on another server to receipt here, per bus message. */
function busLag(metrics: Registry): (seconds: number) => void {
  const lag = new Histogram({
    name: 'hmi_bus_lag_seconds',
    help: 'Seconds from the publication of a bus message on another server to its receipt here (wall clocks)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics],
  });
  return (seconds) => lag.observe(seconds);
}
