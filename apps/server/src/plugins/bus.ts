import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * The topics of the bus and their events. Empty here: each feature adds the topics it publishes
 * by declaration merging, beside its event type (`declare module '../../plugins/bus.ts'`), e.g.
 * 'device.data' in modules/history-store/data-frame.ts, 'alarm.event' in modules/alarm/alarm.events.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface BusEvents {}

/**
 * Fan-out between the ingest pipeline (and the other producers of device and alarm events) and
 * the live hub, alarm engine and notifications of every server. In-process by default; with BUS_URL (scale-out) a Redis or NATS adapter
 * takes its place behind the same interface. Delivery is at most once: a socket that misses an
 * event gets the current values again on its next subscribe or page switch.
 */
export interface Bus {
  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void;
  subscribe<K extends keyof BusEvents>(topic: K, handler: (event: BusEvents[K]) => void): () => void;
  close(): Promise<void>;
}

/** The bus of one process: synchronous delivery; a throwing handler is reported, never propagated. */
export class InProcessBus implements Bus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onError: (err: unknown) => void = (err) => console.error('[bus]', err)) {
    this.emitter.setMaxListeners(0);
  }

  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void {
    for (const listener of this.emitter.listeners(topic)) {
      try {
        (listener as (e: BusEvents[K]) => void)(event);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  subscribe<K extends keyof BusEvents>(topic: K, handler: (event: BusEvents[K]) => void): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** The bus of BUS_URL, or the in-process one. */
export const busPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (config.busUrl) {
      // Refuse rather than run silently without fan-out: sockets on other servers would stay empty.
      throw new Error(
        `BUS_URL=${new URL(config.busUrl).protocol}//...: the Redis/NATS bus adapter is not implemented yet; unset BUS_URL to run a single server with the in-process bus`,
      );
    }
    const bus = new InProcessBus((err) => app.log.error({ err }, 'bus handler failed'));
    app.decorate('bus', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'bus' },
);
