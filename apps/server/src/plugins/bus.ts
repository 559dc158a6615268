import { EventEmitter } from 'node:events';
import type { AlarmRecord, HistoryValue, LiveActMessage } from '@hmi/domain';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * The values of one sample of a device: aligned arrays in ascending tag id order (the ingest
 * pipeline's frames, shared as they are: no object per value on the hot path). Read a value
 * with `frameValue`.
 */
export interface DataFrame {
  ts: number;
  ids: readonly number[];
  nums: readonly (number | null)[];
  /** The text of STRING values and of exact 64-bit values beyond 2^53; null when none has text. */
  txts: readonly (string | null)[] | null;
}

/** New live values of one device (committed, not backfill). */
export interface DeviceDataEvent {
  deviceId: number;
  teamId: number;
  frames: readonly DataFrame[];
}

/** The value at position i of a frame: its text when it has one (STRING, exact 64-bit), else its number. */
export function frameValue(f: DataFrame, i: number): HistoryValue {
  const txt = f.txts === null ? null : f.txts[i]!;
  return txt !== null ? txt : f.nums[i]!;
}

/** A data event of single values (tests and tools; ingest publishes its frames). */
export function dataEvent(
  deviceId: number,
  teamId: number,
  items: readonly { tagId: number; ts: number; value: HistoryValue }[],
): DeviceDataEvent {
  return {
    deviceId,
    teamId,
    frames: items.map(({ tagId, ts, value }) => ({
      ts,
      ids: [tagId],
      nums: [typeof value === 'number' ? value : null],
      txts: typeof value === 'string' ? [value] : null,
    })),
  };
}

/** Something that happened to a device, for its sockets (`act`). */
export interface DeviceActEvent {
  teamId: number;
  act: Omit<LiveActMessage, 'type'>;
}

/** The alarm rules of a template changed (added, edited, deleted, imported): engines reload them. */
export interface AlarmRulesEvent {
  teamId: number;
  templateId: number;
}

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

/** Messages of these users were added or marked read: their unread counts changed. */
export interface MessagesChangedEvent {
  teamId: number;
  userIds: number[];
}

/**
 * Devices were bound or unbound (committed; their recorded data is purged): ingest reads them
 * again and the alarm engine forgets their state. `teamId`: their team now, null when unbound.
 */
export interface DeviceBindingEvent {
  deviceIds: number[];
  sns: string[];
  teamId: number | null;
}

export interface BusEvents {
  'device.binding': DeviceBindingEvent;
  'device.data': DeviceDataEvent;
  'device.act': DeviceActEvent;
  'alarm.rules': AlarmRulesEvent;
  'alarm.event': AlarmEvent;
  'messages.changed': MessagesChangedEvent;
}

/**
 * Fan-out between the ingest pipeline (and the other producers of device events) and the live
 * hub of every server. In-process by default; with BUS_URL (scale-out) a Redis or NATS adapter
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
