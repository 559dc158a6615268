import {
  deviceTopic,
  encodeDevicePayload,
  type DeviceCommand,
  type DeviceConfig,
  type DevicePayloads,
  type UplinkChannel,
} from '@hmi/domain';
import type { LinkExtension } from './link-extension.ts';

/** One message a device sent, decoded and validated against its channel's schema. */
export type DeviceMessage = {
  [C in UplinkChannel]: {
    sn: string;
    channel: C;
    payload: DevicePayloads[C];
    /** The broker published this as the device's Last Will (known on the embedded broker only). */
    will: boolean;
    /** The retain flag as received. */
    retained: boolean;
    /** Server time the message arrived, ms. */
    receivedAt: number;
  };
}[UplinkChannel];

/**
 * Consumer of device messages. The returned promise is the acknowledgement: a QoS 1 message is
 * PUBACKed only after every handler's promise resolved, so a handler that resolves once the
 * message is committed gives at-least-once delivery end to end. A rejection (or a timeout)
 * leaves the message unacknowledged and the sender redelivers it after reconnecting: handlers
 * must therefore be idempotent.
 */
export type DeviceMessageHandler = (message: DeviceMessage) => void | Promise<void>;

export type Transport = 'tcp' | 'tls' | 'ws';

export interface DeviceConnectEvent {
  sn: string;
  transport: Transport;
  remoteAddress: string | undefined;
  /** Seconds the device promised between packets; silence for 1.5 times that disconnects it. */
  keepalive: number;
  /** The connection replaced an earlier one of the same device (client id takeover). */
  takeover: boolean;
}

export interface DeviceDisconnectEvent {
  sn: string;
  /** keepalive-timeout: the device was silent past 1.5 x keepalive. */
  reason: 'closed' | 'keepalive-timeout' | 'error' | 'refused';
}

/** Something a device asked for and did not get (for logs and audit; the device is told by the protocol). */
export interface DeviceRefusalEvent {
  /** Undefined when the connection was refused before its CONNECT named a client id. */
  sn: string | undefined;
  /** packet: a packet over the size limit on an authenticated connection, which is then closed. */
  action: 'connect' | 'publish' | 'subscribe' | 'will' | 'packet';
  reason: string;
  topic?: string;
  remoteAddress?: string | undefined;
}

/** A message on a valid topic whose payload did not decode; it is acknowledged and dropped. */
export interface DeviceInvalidMessageEvent {
  sn: string;
  channel: UplinkChannel;
  error: string;
}

export interface DeviceLinkEvents {
  connect: DeviceConnectEvent;
  disconnect: DeviceDisconnectEvent;
  refused: DeviceRefusalEvent;
  invalid: DeviceInvalidMessageEvent;
  /** Every handler of a device message has settled (ok: all resolved): the point of its ack. */
  handled: DeviceHandledEvent;
  error: Error;
}

export interface DeviceHandledEvent {
  sn: string;
  channel: UplinkChannel;
  ok: boolean;
}

/**
 * The cloud's side of the device connection, whatever carries it: the embedded aedes broker or
 * an external broker reached through MQTT_URL. Services talk to devices only through this.
 */
export interface DeviceLink {
  readonly kind: 'embedded' | 'external';
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Readiness: the embedded broker listens on every port it was given; MQTT_URL: the client is connected. */
  isReady(): boolean;
  /** Devices with an authenticated connection to this server (embedded broker); null: the external broker holds them. */
  connectedDevices(): number | null;
  /** Publishes the device's config, retained, QoS 1 (a device subscribing later still gets it). */
  publishConfig(sn: string, config: DeviceConfig): Promise<void>;
  /** Removes the retained config (an empty retained message). */
  clearConfig(sn: string): Promise<void>;
  /** Sends a command, QoS 1, not retained; the answer arrives as a `cmd/resp` message. */
  sendCommand(sn: string, command: DeviceCommand): Promise<void>;
  /** Adds a consumer of device messages; returns a function that removes it. */
  onMessage(handler: DeviceMessageHandler): () => void;
  /**
   * Hands a message to the consumers as if a device had sent it (a protocol extension
   * translating its own messages); resolves once every consumer has.
   */
  dispatch(message: DeviceMessage): Promise<void>;
  /** Publishes raw bytes (an extension's topics), QoS 1; resolves once the broker took it. */
  publishRaw(topic: string, payload: Buffer | string, retain: boolean): Promise<void>;
  /** Adds a protocol spoken on the same broker (before start). */
  extend(extension: LinkExtension): void;
  /**
   * Connection events. `connect` and `disconnect` come from the embedded broker only; with an
   * external broker, online state comes from `state` messages and Last Wills alone.
   */
  on<E extends keyof DeviceLinkEvents>(
    event: E,
    listener: (payload: DeviceLinkEvents[E]) => void,
  ): () => void;
}

/**
 * What the embedded and the external link do alike: config and commands are QoS 1 publishes on
 * the device's topics (the config retained, an empty retained message clears it), and consumers
 * and events go through one `DeviceLinkListeners`. A subclass carries the messages: `publish`
 * on its broker, `this.listeners.dispatch` for each device message.
 */
export abstract class MqttDeviceLink implements DeviceLink {
  abstract readonly kind: 'embedded' | 'external';
  protected readonly listeners: DeviceLinkListeners;
  protected extension: LinkExtension | undefined;

  constructor(ackTimeoutMs: number) {
    this.listeners = new DeviceLinkListeners(ackTimeoutMs);
  }

  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;
  abstract isReady(): boolean;
  abstract connectedDevices(): number | null;

  async publishConfig(sn: string, config: DeviceConfig): Promise<void> {
    if (this.extension && (await this.extension.publishConfig(sn, config))) return;
    return this.publish(deviceTopic(sn, 'config'), encodeDevicePayload('config', config), true);
  }

  clearConfig(sn: string): Promise<void> {
    return this.publish(deviceTopic(sn, 'config'), '', true);
  }

  async sendCommand(sn: string, command: DeviceCommand): Promise<void> {
    if (this.extension && (await this.extension.sendCommand(sn, command))) return;
    return this.publish(deviceTopic(sn, 'cmd'), encodeDevicePayload('cmd', command), false);
  }

  dispatch(message: DeviceMessage): Promise<void> {
    return this.listeners.dispatch(message);
  }

  publishRaw(topic: string, payload: Buffer | string, retain: boolean): Promise<void> {
    return this.publish(topic, payload, retain);
  }

  extend(extension: LinkExtension): void {
    if (this.extension) throw new Error('the device link already has an extension');
    this.extension = extension;
  }

  onMessage(handler: DeviceMessageHandler): () => void {
    return this.listeners.onMessage(handler);
  }

  on<E extends keyof DeviceLinkEvents>(
    event: E,
    listener: (payload: DeviceLinkEvents[E]) => void,
  ): () => void {
    return this.listeners.on(event, listener);
  }

  /** Publishes `payload` on `topic`, QoS 1; resolves once the broker took it. */
  protected abstract publish(topic: string, payload: string | Buffer, retain: boolean): Promise<void>;
}

/** Listeners of a DeviceLink; message handlers are awaited, other listeners are not. */
export class DeviceLinkListeners {
  private readonly handlers = new Set<DeviceMessageHandler>();
  private readonly listeners = new Map<keyof DeviceLinkEvents, Set<(payload: never) => void>>();
  /** Messages whose handlers are under way, oldest first. */
  private readonly waiting = new Set<Waiter>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly ackTimeoutMs: number) {}

  onMessage(handler: DeviceMessageHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  on<E extends keyof DeviceLinkEvents>(
    event: E,
    listener: (payload: DeviceLinkEvents[E]) => void,
  ): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<E extends keyof DeviceLinkEvents>(event: E, payload: DeviceLinkEvents[E]): void {
    const set = this.listeners.get(event);
    if (!set?.size) {
      // An error nobody listens to must not vanish.
      if (event === 'error') console.error('[device-link]', payload);
      return;
    }
    for (const listener of set) {
      try {
        (listener as (p: DeviceLinkEvents[E]) => void)(payload);
      } catch (err) {
        if (event !== 'error') this.emit('error', err instanceof Error ? err : new Error(String(err)));
        else console.error('[device-link] error listener threw', err);
      }
    }
  }

  /**
   * Runs every message handler and resolves when all have; rejects on the first failure or when
   * they have not settled within the ack timeout. The handlers start at once, and nothing here
   * keeps the message while they work (a payload waiting for its commit would otherwise survive
   * young-generation GCs for nothing); one shared timer watches every deadline.
   */
  dispatch(message: DeviceMessage): Promise<void> {
    if (this.handlers.size === 0) return Promise.resolve();
    const { sn, channel } = message;
    let pending: Promise<unknown>[] | undefined;
    let failure: { err: unknown } | undefined;
    for (const handler of this.handlers) {
      try {
        const result = handler(message);
        if (result !== undefined) (pending ??= []).push(result);
      } catch (err) {
        failure ??= { err };
      }
    }
    if (failure || !pending) {
      // Later failures of the other handlers are reported by nobody: the message already failed.
      pending?.forEach((p) => p.catch(() => undefined));
      this.emit('handled', { sn, channel, ok: !failure });
      return failure ? Promise.reject(failure.err as Error) : Promise.resolve();
    }
    const work = pending.length === 1 ? pending[0]! : Promise.all(pending);
    // No named closure per message here: tsx (esbuild keepNames) would rename each one.
    const waiter = new Waiter(this, sn, channel, Date.now() + this.ackTimeoutMs);
    const done = new Promise<void>((resolve, reject) => {
      waiter.resolve = resolve;
      waiter.reject = reject;
    });
    this.watch(waiter);
    work.then(
      () => waiter.finish(undefined),
      (err: unknown) => waiter.finish(err ?? new Error('message handler failed')),
    );
    return done;
  }

  /** A waiter settled (its handlers finished, or its deadline passed). */
  settled(waiter: Waiter, ok: boolean): void {
    this.waiting.delete(waiter);
    this.emit('handled', { sn: waiter.sn, channel: waiter.channel, ok });
  }

  private watch(waiter: Waiter): void {
    // Every deadline is now + the same timeout: the set's order is the deadlines' order.
    this.waiting.add(waiter);
    if (this.sweeper) return;
    const every = Math.min(1000, Math.max(5, Math.floor(this.ackTimeoutMs / 10)));
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const w of this.waiting) {
        if (w.deadline > now) break;
        w.finish(new Error(`message handler did not settle within ${this.ackTimeoutMs} ms`));
      }
      if (this.waiting.size === 0 && this.sweeper) {
        clearInterval(this.sweeper);
        this.sweeper = null;
      }
    }, every);
    this.sweeper.unref();
  }
}

/** A message whose handlers are under way: settles its dispatch once, when they finish or at its deadline. */
class Waiter {
  // Set by the dispatch's promise executor, which runs at once.
  resolve!: () => void;
  reject!: (err: unknown) => void;
  private done = false;

  constructor(
    private readonly owner: DeviceLinkListeners,
    readonly sn: string,
    readonly channel: UplinkChannel,
    readonly deadline: number,
  ) {}

  finish(err: unknown): void {
    if (this.done) return;
    this.done = true;
    this.owner.settled(this, err === undefined);
    if (err === undefined) this.resolve();
    else this.reject(err);
  }
}
