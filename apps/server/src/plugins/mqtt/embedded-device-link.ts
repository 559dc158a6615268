import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { createWebSocketStream, type WebSocket } from 'ws';
import {
  decodeDevicePayload,
  deviceSecretSchema,
  deviceTopic,
  deviceTopicPrefix,
  encodeDevicePayload,
  isSerialNumber,
  type DeviceCommand,
  type DeviceConfig,
} from '@hmi/domain';
import { SlidingWindowLimiter, type RateLimit } from './connect-rate-limiter.ts';
import { authorizeDevicePublish, authorizeDeviceSubscribe, authorizeDeviceWill } from './device-acl.ts';
import {
  DeviceLinkListeners,
  type DeviceDisconnectEvent,
  type DeviceLink,
  type DeviceLinkEvents,
  type DeviceMessageHandler,
  type Transport,
} from './device-link.ts';
import type { DeviceRegistry } from './device-registry.ts';

export interface EmbeddedDeviceLinkOptions {
  registry: DeviceRegistry;
  /** MQTT over TCP (MQTT_PORT); 0 picks a free port; null listens on no TCP port. */
  port: number | null;
  /** Bind address of the TCP and TLS listeners. */
  host?: string;
  /** MQTT over TLS (MQTT_TLS_PORT with MQTT_TLS_CERT and MQTT_TLS_KEY, PEM contents). */
  tls?: { port: number; cert: string | Buffer; key: string | Buffer } | undefined;
  /** Trust on first use: an unknown SN registers itself with the secret it presents (DEVICE_AUTO_REGISTER). */
  autoRegister: boolean;
  /** Successful connections per SN; over it the SN is refused for a while. Default 15 a minute, 5 minutes. */
  reconnectLimit?: RateLimit;
  /** Wrong secrets per SN and remote address. Default 10 a minute, 5 minutes. */
  authFailureLimit?: RateLimit;
  /** A message handler that has not settled by then counts as failed. Default 30 s. */
  ackTimeoutMs?: number;
  /** Clock, injectable for the rate limits. */
  now?: () => number;
}

export const DEFAULT_RECONNECT_LIMIT: RateLimit = { limit: 15, windowMs: 60_000, blockMs: 5 * 60_000 };
export const DEFAULT_AUTH_FAILURE_LIMIT: RateLimit = { limit: 10, windowMs: 60_000, blockMs: 5 * 60_000 };

/** CONNACK return codes of MQTT 3.1.1 (aedes declares them as a const enum we cannot import). */
const ConnackCode = {
  IdentifierRejected: 2,
  ServerUnavailable: 3,
  BadCredentials: 4,
  NotAuthorized: 5,
} as const;
type ConnackCode = (typeof ConnackCode)[keyof typeof ConnackCode];

/** Thrown by start() when a listener port is taken; names the setting to change. */
export class MqttPortInUseError extends Error {
  override name = 'MqttPortInUseError';
  constructor(
    readonly setting: string,
    readonly port: number,
  ) {
    super(
      `${setting}=${port}: the port is already in use (another MQTT broker, such as Mosquitto, may be listening). ` +
        `Set ${setting} to a free port, or set MQTT_URL to use that broker instead of the embedded one.`,
    );
  }
}

interface ConnectionInfo {
  transport: Transport;
  remoteAddress: string | undefined;
  keepalive: number;
  will: { topic: string; payload: Buffer | string } | undefined;
  takeover: boolean;
  disconnectReason: DeviceDisconnectEvent['reason'] | undefined;
}

/**
 * The embedded broker (aedes) with the device rules of DESIGN section 5: authentication by SN
 * and secret, per-device topic ACL, will and retain rules, takeover only with the right secret,
 * the reconnect flood limit, and delivery of device messages to the cloud.
 *
 * Device messages reach the cloud from inside `authorizePublish`: aedes calls it before it
 * writes the PUBACK (QoS 1) or PUBREC (QoS 2), so holding its callback until the message
 * handlers resolve is what makes the acknowledgement wait for the commit. aedes also stops
 * reading that device's socket until the callback, which gives backpressure per device. The
 * `published` hook and in-process subscriptions run after the PUBACK and could not do this.
 */
export class EmbeddedDeviceLink implements DeviceLink {
  readonly kind = 'embedded' as const;
  private aedes: Aedes | undefined;
  private readonly servers: Server[] = [];
  private readonly sockets = new Set<Duplex>();
  private readonly listeners: DeviceLinkListeners;
  private readonly info = new WeakMap<Client, ConnectionInfo>();
  private readonly transports = new WeakMap<
    object,
    { transport: Transport; req?: IncomingMessage | undefined }
  >();
  /** The newest authenticated connection of each SN: an older one closing is a takeover, not an outage. */
  private readonly latest = new Map<string, Client>();
  private readonly reconnects: SlidingWindowLimiter;
  private readonly authFailures: SlidingWindowLimiter;
  private readonly now: () => number;
  private mqttPort: number | null = null;
  private mqttsPort: number | null = null;

  constructor(private readonly options: EmbeddedDeviceLinkOptions) {
    this.now = options.now ?? Date.now;
    this.listeners = new DeviceLinkListeners(options.ackTimeoutMs ?? 30_000);
    this.reconnects = new SlidingWindowLimiter(options.reconnectLimit ?? DEFAULT_RECONNECT_LIMIT, this.now);
    this.authFailures = new SlidingWindowLimiter(
      options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT,
      this.now,
    );
  }

  /** The ports actually listened on (after start). */
  get ports(): { mqtt: number | null; mqtts: number | null } {
    return { mqtt: this.mqttPort, mqtts: this.mqttsPort };
  }

  async start(): Promise<void> {
    if (this.aedes) throw new Error('the embedded MQTT broker is already started');
    const aedes = await Aedes.createBroker({
      preConnect: (client, packet, done) => {
        const t = this.transports.get(client.conn) ?? { transport: 'tcp' as const };
        this.info.set(client, {
          transport: t.transport,
          remoteAddress: t.req?.socket.remoteAddress ?? (client.conn as Socket).remoteAddress,
          keepalive: packet.keepalive ?? 0,
          will: packet.will ? { topic: packet.will.topic, payload: packet.will.payload } : undefined,
          takeover: false,
          disconnectReason: undefined,
        });
        done(null, true);
      },
      authenticate: (client, username, password, done) => {
        this.authenticate(client, username, password).then(
          (code) => (code === 0 ? done(null, true) : done(authError(code), false)),
          (err: unknown) => {
            this.listeners.emit('error', asError(err));
            done(authError(ConnackCode.ServerUnavailable), false);
          },
        );
      },
      authorizePublish: (client, packet, done) => this.authorizePublish(client, packet, done),
      authorizeSubscribe: (client, sub, done) => {
        const decision = authorizeDeviceSubscribe(client.id, sub.topic);
        if (!decision.ok) {
          this.refuse(client, 'subscribe', decision.reason, sub.topic);
          return done(null, null); // SUBACK 0x80 for this filter; the connection stays
        }
        done(null, { ...sub, qos: sub.qos > 1 ? 1 : sub.qos });
      },
      // Defence in depth: even a subscription that slipped through never forwards foreign topics.
      authorizeForward: (client, packet) =>
        isSerialNumber(client.id) && packet.topic.startsWith(deviceTopicPrefix(client.id)) ? packet : null,
    });
    this.aedes = aedes;
    // Typed away in aedes' declarations, but emitted (e.g. by the will sweeper): unhandled it would crash.
    (aedes as unknown as EventEmitter).on('error', (err: Error) => this.listeners.emit('error', err));
    aedes.on('clientReady', (client) => {
      const info = this.info.get(client);
      this.listeners.emit('connect', {
        sn: client.id,
        transport: info?.transport ?? 'tcp',
        remoteAddress: info?.remoteAddress,
        keepalive: info?.keepalive ?? 0,
        takeover: info?.takeover ?? false,
      });
    });
    aedes.on('keepaliveTimeout', (client) => {
      const info = this.info.get(client);
      if (info) info.disconnectReason = 'keepalive-timeout';
    });
    aedes.on('clientError', (client) => {
      const info = this.info.get(client);
      if (info && !info.disconnectReason) info.disconnectReason = 'error';
    });
    aedes.on('clientDisconnect', (client) => {
      if (this.isSuperseded(client)) return;
      if (this.latest.get(client.id) === client) this.latest.delete(client.id);
      this.listeners.emit('disconnect', {
        sn: client.id,
        reason: this.info.get(client)?.disconnectReason ?? 'closed',
      });
    });

    try {
      const host = this.options.host;
      if (this.options.port !== null) {
        const server = createNetServer((socket) => this.handle(socket, 'tcp'));
        this.mqttPort = await this.listen(server, this.options.port, host, 'MQTT_PORT');
      }
      if (this.options.tls) {
        const { port, cert, key } = this.options.tls;
        const server = createTlsServer({ cert, key }, (socket) => this.handle(socket, 'tls'));
        this.mqttsPort = await this.listen(server, port, host, 'MQTT_TLS_PORT');
      }
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  async stop(): Promise<void> {
    const aedes = this.aedes;
    this.aedes = undefined;
    if (aedes) await new Promise<void>((resolve) => aedes.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(
      this.servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
    );
    this.mqttPort = this.mqttsPort = null;
  }

  /**
   * MQTT over WebSocket: give it each socket accepted on the HTTP server's `/mqtt` path
   * (with @fastify/websocket: `app.get('/mqtt', { websocket: true }, (socket, req) =>
   * link.handleWebSocket(socket, req.raw))`).
   */
  handleWebSocket(socket: WebSocket, req: IncomingMessage): void {
    if (!this.aedes) {
      socket.close(1013, 'MQTT broker not running');
      return;
    }
    this.handle(createWebSocketStream(socket), 'ws', req);
  }

  /** True while the device has an authenticated connection. */
  isConnected(sn: string): boolean {
    const client = this.latest.get(sn);
    return client !== undefined && !client.closed;
  }

  publishConfig(sn: string, config: DeviceConfig): Promise<void> {
    return this.publish(deviceTopic(sn, 'config'), encodeDevicePayload('config', config), true);
  }

  clearConfig(sn: string): Promise<void> {
    return this.publish(deviceTopic(sn, 'config'), '', true);
  }

  sendCommand(sn: string, command: DeviceCommand): Promise<void> {
    return this.publish(deviceTopic(sn, 'cmd'), encodeDevicePayload('cmd', command), false);
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

  private handle(conn: Duplex, transport: Transport, req?: IncomingMessage): void {
    if (!this.aedes) {
      conn.destroy();
      return;
    }
    this.sockets.add(conn);
    conn.once('close', () => this.sockets.delete(conn));
    this.transports.set(conn, { transport, req });
    this.aedes.handle(conn, req);
  }

  private listen(server: Server, port: number, host: string | undefined, setting: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        reject(err.code === 'EADDRINUSE' ? new MqttPortInUseError(setting, port) : err);
      };
      const onListening = () => {
        server.off('error', onError);
        server.on('error', (err) => this.listeners.emit('error', err));
        this.servers.push(server);
        resolve((server.address() as AddressInfo).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, host);
    });
  }

  private publish(topic: string, payload: string, retain: boolean): Promise<void> {
    const aedes = this.aedes;
    if (!aedes) return Promise.reject(new Error('the embedded MQTT broker is not running'));
    const packet: PublishPacket = {
      cmd: 'publish',
      topic,
      payload: Buffer.from(payload),
      qos: 1,
      retain,
      dup: false,
    };
    return new Promise((resolve, reject) => aedes.publish(packet, (err) => (err ? reject(err) : resolve())));
  }

  private refuse(
    client: Client,
    action: 'connect' | 'publish' | 'subscribe' | 'will',
    reason: string,
    topic?: string,
  ) {
    this.listeners.emit('refused', {
      sn: client.id,
      action,
      reason,
      ...(topic === undefined ? {} : { topic }),
      remoteAddress: this.info.get(client)?.remoteAddress,
    });
  }

  /** 0 to accept, else the CONNACK return code. */
  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined) {
    const sn = client.id;
    const info = this.info.get(client);
    const refuse = (code: ConnackCode, reason: string, action: 'connect' | 'will' = 'connect') => {
      this.refuse(client, action, reason);
      return code;
    };
    if (!isSerialNumber(sn))
      return refuse(ConnackCode.IdentifierRejected, 'client id is not a serial number');
    if (username !== sn)
      return refuse(ConnackCode.BadCredentials, 'username must equal the client id (the SN)');
    if (!password || password.length === 0 || password.length > 128) {
      return refuse(ConnackCode.BadCredentials, 'missing or oversized secret');
    }
    if (info?.will) {
      const decision = authorizeDeviceWill(sn, info.will);
      if (!decision.ok) return refuse(ConnackCode.NotAuthorized, decision.reason, 'will');
    }
    const failureKey = `${sn}@${info?.remoteAddress ?? ''}`;
    if (this.reconnects.isBlocked(sn)) return refuse(ConnackCode.ServerUnavailable, 'reconnecting too often');
    if (this.authFailures.isBlocked(failureKey))
      return refuse(ConnackCode.ServerUnavailable, 'too many wrong secrets');

    const secret = password.toString('utf8');
    const registry = this.options.registry;
    let result = await registry.authenticate(sn, secret);
    if (result === 'unknown' && this.options.autoRegister && registry.register) {
      if (!deviceSecretSchema.safeParse(secret).success) {
        return refuse(ConnackCode.BadCredentials, 'secret not acceptable for registration');
      }
      result =
        (await registry.register(sn, secret)) === 'created' ? 'ok' : await registry.authenticate(sn, secret);
    }
    if (result === 'unknown') return refuse(ConnackCode.NotAuthorized, 'unknown device');
    if (result === 'wrong-secret') {
      this.authFailures.hit(failureKey);
      return refuse(ConnackCode.BadCredentials, 'wrong secret');
    }
    if (this.reconnects.hit(sn)) return refuse(ConnackCode.ServerUnavailable, 'reconnecting too often');

    // aedes runs this before it closes an existing connection with the same client id, so
    // only a device that knows the secret gets here and can take over.
    const previous = this.latest.get(sn);
    if (info && previous && previous !== client && !previous.closed) info.takeover = true;
    this.latest.set(sn, client);
    return 0;
  }

  private isSuperseded(client: Client): boolean {
    const latest = this.latest.get(client.id);
    return latest !== undefined && latest !== client && !latest.closed;
  }

  private authorizePublish(
    client: Client | null,
    packet: PublishPacket,
    done: (error?: Error | null) => void,
  ): void {
    // Wills left by another broker instance have no client; this broker shares no persistence.
    if (!client) return done(new Error('no client'));
    const sn = client.id;
    // aedes calls this for the Last Will after it marked the client closed.
    const will = client.closed;
    if (will && this.isSuperseded(client)) return done(new Error('superseded by a newer connection'));
    const decision = authorizeDevicePublish(sn, packet.topic, packet.retain);
    if (!decision.ok) {
      this.refuse(client, will ? 'will' : 'publish', decision.reason, packet.topic);
      // MQTT 3.1.1 cannot refuse a PUBLISH; aedes closes the connection on this error.
      return done(new Error(decision.reason));
    }
    const channel = decision.value;
    const decoded = decodeDevicePayload(channel, packet.payload);
    if (!decoded.ok) {
      // Acknowledge and drop: a poison message must not be redelivered forever.
      this.listeners.emit('invalid', { sn, channel, error: decoded.error });
      packet.retain = false;
      return done(null);
    }
    this.listeners
      .dispatch({
        sn,
        channel,
        payload: decoded.payload,
        will,
        retained: packet.retain,
        receivedAt: this.now(),
      } as Parameters<DeviceMessageHandler>[0])
      .then(
        () => done(null),
        (err: unknown) => {
          const error = asError(err);
          this.listeners.emit(
            'error',
            new Error(`handling ${channel} of ${sn} failed: ${error.message}`, { cause: error }),
          );
          done(error); // no PUBACK; aedes closes the connection and the device redelivers
        },
      );
  }
}

function authError(code: ConnackCode): AuthenticateError {
  return Object.assign(new Error('connection refused'), { returnCode: code }) as AuthenticateError;
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
