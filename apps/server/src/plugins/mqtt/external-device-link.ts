import { hostname } from 'node:os';
import { connect, type IPublishPacket, type MqttClient, type Packet } from 'mqtt';
import {
  cloudUplinkSubscriptions,
  decodeDevicePayload,
  DEFAULT_SHARE_GROUP,
  isUplinkChannel,
  parseDeviceTopic,
} from '@hmi/domain';
import { MqttDeviceLink, type DeviceMessage } from './device-link.ts';
import type { LinkExtension } from './link-extension.ts';

export interface ExternalDeviceLinkOptions {
  /** MQTT_URL: mqtt://, mqtts://, ws:// or wss://, credentials of the cloud service in the URL. */
  url: string;
  /**
   * MQTT_CLIENT_ID. Must be stable across restarts of one server (its persistent session holds
   * the messages not yet acknowledged) and distinct between servers. Default hmi-cloud-{hostname}.
   */
  clientId?: string;
  /** MQTT_SHARE_GROUP: servers in one group split the devices' messages. Default hmi-cloud. */
  shareGroup?: string;
  /** Persistent session (false) so that unacknowledged messages survive a reconnect. Default false. */
  clean?: boolean;
  reconnectPeriodMs?: number;
  /**
   * Told on every CONNACK whether the broker resumed this server's session (`present`) and
   * whether it is a reconnection: a session missing after an outage means the broker dropped
   * what it parked (modules/device-connection, broker-session-check.ts).
   */
  onSession?: (session: { present: boolean; reconnect: boolean }) => void;
  /** A message handler that has not settled by then counts as failed. Default 30 s. */
  ackTimeoutMs?: number;
  now?: () => number;
}

/** The parts of MQTT.js' client this adapter reaches into (see `holdAcknowledgements`). */
type SendPacket = (packet: Packet, cb?: (err?: Error) => void, ...rest: unknown[]) => void;
interface PendingAck {
  done: Promise<void>;
  connection: number;
}

/**
 * The device connection through an external broker (Mosquitto, EMQX, HiveMQ) when MQTT_URL is
 * set: the server connects as one cloud client, consumes every device's uplink channels through
 * shared subscriptions, and publishes config and commands. Authentication and the per-device ACL
 * are then the broker's job (see docs/protocol.md).
 *
 * Acknowledgement after commit: MQTT.js handles incoming packets strictly one at a time and
 * sends the PUBACK when `handleMessage` calls back, so waiting there for the commit would
 * serialise all ingest behind one database round trip. Instead `handleMessage` returns at once
 * and the PUBACK itself is held back until the handlers resolve; the broker's in-flight window
 * (Mosquitto `max_inflight_messages`) bounds how many messages wait. A handler that fails drops
 * the connection so that the broker redelivers everything not yet acknowledged.
 */
export class ExternalDeviceLink extends MqttDeviceLink {
  override readonly kind = 'external' as const;
  private client: MqttClient | undefined;
  private readonly pending = new Map<number, PendingAck>();
  /** Counts connections, so that an acknowledgement is never sent on a later connection. */
  private connection = 0;
  /** PUBACKs released since the last write, all of connection `acksConnection`. */
  private acks: number[] = [];
  private acksConnection = 0;
  private ackWrite: NodeJS.Immediate | undefined;
  /** PUBACKs held back for handlers that have not settled, and who waits for none to be left. */
  private holding = 0;
  private onHoldingDone: (() => void) | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ExternalDeviceLinkOptions) {
    super(options.ackTimeoutMs ?? 30_000);
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    if (this.client) throw new Error('the external MQTT link is already started');
    const client = connect(this.options.url, {
      clientId: this.options.clientId ?? `hmi-cloud-${hostname()}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      clean: this.options.clean ?? false,
      protocolVersion: 4,
      reconnectPeriod: this.options.reconnectPeriodMs ?? 1_000,
      connectTimeout: 10_000,
      resubscribe: true,
      ...this.willOption(),
    });
    this.client = client;
    this.holdAcknowledgements(client);
    client.handleMessage = (packet, callback) => {
      this.receive(packet);
      callback();
    };
    client.on('connect', (connack) => {
      this.connection++;
      this.options.onSession?.({ present: connack.sessionPresent, reconnect: this.connection > 1 });
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const onError = (err: Error) => {
          client.off('connect', onConnect);
          reject(
            new Error(`MQTT_URL: cannot connect to ${redact(this.options.url)}: ${err.message}`, {
              cause: err,
            }),
          );
        };
        const onConnect = () => {
          client.off('error', onError);
          resolve();
        };
        client.once('error', onError);
        client.once('connect', onConnect);
      });
      client.on('error', (err) => this.listeners.emit('error', err));
      const filters = cloudUplinkSubscriptions(this.options.shareGroup ?? DEFAULT_SHARE_GROUP);
      await client.subscribeAsync(filters, { qos: 1 }).catch((err: Error) => {
        throw new Error(
          `the broker at MQTT_URL refused the shared subscriptions ${filters.join(', ')}: ${err.message}`,
        );
      });
    } catch (err) {
      client.end(true);
      this.client = undefined;
      throw err;
    }
    await this.subscribeExtension(client);
    // The extension's birth after the subscriptions, and again after each reconnection.
    this.extension?.connected();
    client.on('connect', () => {
      if (this.connection > 1) this.extension?.connected();
    });
  }

  /**
   * The extension's filters, apart: a broker whose rules refuse them (a cloud role made before
   * Sparkplug, docs/broker-registry.md) leaves the extension deaf, with an error saying so, and the
   * devices of `hmi/v1/` served as before.
   */
  private async subscribeExtension(client: MqttClient): Promise<void> {
    const filters = this.extension?.subscriptions() ?? [];
    if (filters.length === 0) return;
    try {
      const granted = await client.subscribeAsync([...filters], { qos: 1 });
      if (granted.some((g) => g.qos === 128)) throw new Error('SUBACK 0x80');
    } catch (err) {
      this.listeners.emit(
        'error',
        new Error(
          `the broker at MQTT_URL refused ${filters.join(', ')} (${(err as Error).message}): ` +
            'Sparkplug B is off on this broker until the cloud client may subscribe to it (or set SPARKPLUG=false)',
        ),
      );
    }
  }

  private willOption() {
    const will = this.extension?.will();
    return will ? { will: { ...will, qos: 1 as const } } : {};
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // Let handlers in progress finish so their acknowledgements go out before we leave: those
    // whose PUBACK MQTT.js has not asked for yet (pending) and those whose PUBACK is held.
    const waiting = [...this.pending.values()].map((p) => p.done.catch(() => undefined));
    const held = new Promise<void>((r) => {
      this.onHoldingDone = r;
      if (this.holding === 0) r();
    });
    await Promise.race([Promise.all([...waiting, held]), new Promise((r) => setTimeout(r, 5_000).unref())]);
    this.onHoldingDone = undefined;
    await new Promise<void>((r) => setImmediate(r));
    this.flushAcks(client);
    await client.endAsync();
    this.pending.clear();
  }

  isReady(): boolean {
    return this.client?.connected === true;
  }

  connectedDevices(): null {
    return null;
  }

  protected override async publish(topic: string, payload: string | Buffer, retain: boolean): Promise<void> {
    if (!this.client) throw new Error('the external MQTT link is not running');
    await this.client.publishAsync(topic, payload, { qos: 1, retain });
  }

  private receive(packet: IPublishPacket): void {
    const extension = this.extension;
    if (extension && packet.topic.startsWith(extension.prefix))
      return this.receiveExtension(extension, packet);
    const parsed = parseDeviceTopic(packet.topic);
    // Only uplink topics are subscribed; anything else (a malformed SN under '+') is ignored.
    if (!parsed || !isUplinkChannel(parsed.channel)) return;
    const { sn, channel } = parsed;
    const decoded = decodeDevicePayload(channel, packet.payload);
    if (!decoded.ok) {
      // An empty retained message clears a topic; not an error of the device.
      if (!(packet.retain && packet.payload.length === 0))
        this.listeners.emit('invalid', { sn, channel, error: decoded.error });
      return;
    }
    const message = {
      sn,
      channel,
      payload: decoded.payload,
      will: false, // a broker does not say whether it published a will
      retained: packet.retain,
      receivedAt: this.now(),
    } as DeviceMessage;
    const done = this.listeners.dispatch(message);
    if (packet.qos > 0 && packet.messageId !== undefined) {
      this.pending.set(packet.messageId, { done, connection: this.connection });
    } else {
      done.catch((err: unknown) => this.failed(err, message));
    }
  }

  /** A message on the extension's topics: acknowledged once its handler resolved, as device messages. */
  private receiveExtension(extension: LinkExtension, packet: IPublishPacket): void {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    let work: void | Promise<void>;
    try {
      work = extension.receive({
        sn: undefined,
        topic: packet.topic,
        payload,
        will: false,
        receivedAt: this.now(),
      });
    } catch (err) {
      work = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    const done = work ?? Promise.resolve();
    if (packet.qos > 0 && packet.messageId !== undefined) {
      this.pending.set(packet.messageId, { done, connection: this.connection });
    } else {
      done.catch((err: unknown) => this.failed(err));
    }
  }

  /**
   * Wraps MQTT.js' private `_sendPacket` so that a PUBACK waits for the handlers of its message
   * while MQTT.js goes on with the next packet. Checked at start: an MQTT.js without it fails
   * loudly rather than acknowledging early.
   */
  private holdAcknowledgements(client: MqttClient): void {
    const target = client as unknown as { _sendPacket?: SendPacket };
    const original = target._sendPacket?.bind(client);
    if (!original) throw new Error('this MQTT.js version has no _sendPacket: cannot delay acknowledgements');
    target._sendPacket = (packet, cb, ...rest) => {
      const pending =
        packet.cmd === 'puback' && packet.messageId !== undefined
          ? this.pending.get(packet.messageId)
          : undefined;
      if (!pending || packet.cmd !== 'puback') return original(packet, cb, ...rest);
      this.pending.delete(packet.messageId!);
      cb?.(); // MQTT.js may handle the next packet now
      const messageId = packet.messageId!;
      this.holding++;
      pending.done.then(
        () => this.acknowledge(messageId, pending.connection),
        (err: unknown) => {
          this.settled();
          if (pending.connection !== this.connection) return;
          this.failed(err);
          // Without the PUBACK the broker redelivers this message (and every other one not yet
          // acknowledged) when the persistent session resumes.
          this.connection++;
          client.stream?.destroy();
        },
      );
    };
  }

  /**
   * Queues the PUBACK of a stored message. The PUBACKs released in one turn of the event loop
   * (a commit releases hundreds) go out as one buffer of 4-byte packets (MQTT 3.1.1 and 5: a
   * PUBACK without a reason code is a success), one socket write: through MQTT.js each costs
   * three writes of a few bytes, and the writev of a commit's worth was about a sixth of the
   * server's CPU on the scale-out bench (docs/benchmarks.md, "Scale-out (issue 27)").
   */
  private acknowledge(messageId: number, connection: number): void {
    this.settled();
    if (connection !== this.connection) return;
    if (this.acksConnection !== connection) this.acks = [];
    this.acksConnection = connection;
    this.acks.push(messageId);
    this.ackWrite ??= setImmediate(this.writeAcks);
  }

  private settled(): void {
    if (--this.holding === 0) this.onHoldingDone?.();
  }

  private readonly writeAcks = (): void => this.flushAcks(this.client);

  private flushAcks(client: MqttClient | undefined): void {
    if (!client) return; // stopping: stop() flushes with the client it is ending
    if (this.ackWrite) clearImmediate(this.ackWrite);
    this.ackWrite = undefined;
    const ids = this.acks;
    this.acks = [];
    if (ids.length === 0 || this.acksConnection !== this.connection || !client.connected) return;
    const packets = Buffer.allocUnsafe(ids.length * 4);
    for (let i = 0, o = 0; i < ids.length; i++, o += 4) {
      packets[o] = 0x40; // PUBACK
      packets[o + 1] = 2; // remaining length: the packet id
      packets.writeUInt16BE(ids[i]!, o + 2);
    }
    client.stream.write(packets);
  }

  private failed(err: unknown, message?: DeviceMessage): void {
    const error = err instanceof Error ? err : new Error(String(err));
    const what = message ? `handling ${message.channel} of ${message.sn}` : 'handling a device message';
    this.listeners.emit('error', new Error(`${what} failed: ${error.message}`, { cause: error }));
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
