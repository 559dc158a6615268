import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { createWebSocketStream, type WebSocket } from 'ws';
import { decodeDevicePayload, deviceTopicPrefix, isSerialNumber } from '@hmi/domain';
import { DEFAULT_BROKER_LIMITS, type BrokerLimits } from './broker-limits.ts';
import type { RateLimit } from './connect-rate-limiter.ts';
import { authorizeDevicePublish, authorizeDeviceSubscribe } from './device-acl.ts';
import {
  ConnackCode,
  DEFAULT_AUTH_FAILURE_LIMIT,
  DEFAULT_RECONNECT_LIMIT,
  DeviceAdmission,
} from './device-admission.ts';
import {
  MqttDeviceLink,
  type DeviceDisconnectEvent,
  type DeviceMessage,
  type Transport,
} from './device-link.ts';
import type { DeviceRegistry } from './device-registry.ts';
import { PacketGuard } from './packet-guard.ts';
import { grantAtMostQos1 } from './subscribe-qos.ts';

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
  /** Packet sizes, the unauthenticated time, and what unbound devices may register and keep. */
  limits?: Partial<BrokerLimits>;
  /** Clock, injectable for the rate limits. */
  now?: () => number;
}

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
 * the reconnect flood limit, and delivery of device messages to the cloud. Every connection is
 * read through a PacketGuard (packet sizes at the fixed header, the unauthenticated time), and
 * what unbound, self-registered devices may register and keep is capped (BrokerLimits).
 *
 * Device messages reach the cloud from inside `authorizePublish`: aedes calls it before it
 * writes the PUBACK (QoS 1) or PUBREC (QoS 2), so holding its callback until the message
 * handlers resolve is what makes the acknowledgement wait for the commit. aedes also stops
 * reading that device's socket until the callback, which gives backpressure per device. The
 * `published` hook and in-process subscriptions run after the PUBACK and could not do this.
 */
export class EmbeddedDeviceLink extends MqttDeviceLink {
  override readonly kind = 'embedded' as const;
  private aedes: Aedes | undefined;
  private readonly servers: Server[] = [];
  private readonly sockets = new Set<PacketGuard>();
  private readonly info = new WeakMap<Client, ConnectionInfo>();
  private readonly transports = new WeakMap<
    object,
    { transport: Transport; remoteAddress: string | undefined }
  >();
  /** The newest authenticated connection of each SN: an older one closing is a takeover, not an outage. */
  private readonly latest = new Map<string, Client>();
  private readonly admission: DeviceAdmission;
  private readonly limits: BrokerLimits;
  private readonly now: () => number;
  private mqttPort: number | null = null;
  private mqttsPort: number | null = null;

  constructor(private readonly options: EmbeddedDeviceLinkOptions) {
    super(options.ackTimeoutMs ?? 30_000);
    this.now = options.now ?? Date.now;
    this.limits = { ...DEFAULT_BROKER_LIMITS, ...options.limits };
    this.admission = new DeviceAdmission({
      registry: options.registry,
      autoRegister: options.autoRegister,
      reconnectLimit: options.reconnectLimit ?? DEFAULT_RECONNECT_LIMIT,
      authFailureLimit: options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT,
      autoRegisterLimit: this.limits.autoRegisterLimit,
      now: this.now,
    });
    this.refuseConnection = this.refuseConnection.bind(this);
  }

  /** The ports actually listened on (after start). */
  get ports(): { mqtt: number | null; mqtts: number | null } {
    return { mqtt: this.mqttPort, mqtts: this.mqttsPort };
  }

  async start(): Promise<void> {
    if (this.aedes) throw new Error('the embedded MQTT broker is already started');
    const aedes = await Aedes.createBroker({
      // The guard closes a connection that is not authenticated in time, with the reason; aedes'
      // own timer (until the CONNECT arrives) only backs it up.
      connectTimeout: this.limits.connectTimeoutMs + 1_000,
      preConnect: (client, packet, done) => {
        const t = this.transports.get(client.conn);
        this.info.set(client, {
          transport: t?.transport ?? 'tcp',
          remoteAddress: t?.remoteAddress,
          keepalive: packet.keepalive ?? 0,
          will: packet.will ? { topic: packet.will.topic, payload: packet.will.payload } : undefined,
          takeover: false,
          disconnectReason: undefined,
        });
        done(null, true);
      },
      authenticate: (client, username, password, done) => {
        this.authenticate(client, username, password).then(
          (code) => {
            if (code !== 0) return done(authError(code), false);
            // Later packets may now be read, up to the full packet size.
            if (client.conn instanceof PacketGuard) client.conn.authenticated();
            done(null, true);
          },
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
        // grantAtMostQos1 already lowered the request (and so the SUBACK); this is the backstop.
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
        const server = createNetServer((socket) => this.handle(socket, 'tcp', socket.remoteAddress));
        this.mqttPort = await this.listen(server, this.options.port, host, 'MQTT_PORT');
      }
      if (this.options.tls) {
        const { port, cert, key } = this.options.tls;
        const server = createTlsServer(
          // The handshake, before the guard's clock starts, gets the same time.
          { cert, key, handshakeTimeout: this.limits.connectTimeoutMs },
          (socket) => this.handle(socket, 'tls', socket.remoteAddress),
        );
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
   * link.handleWebSocket(socket, req.raw, req.ip))`). `remoteAddress` is the device's address
   * for the per-address limits (behind a trusted proxy, the forwarded one); default the peer's.
   * The WebSocket server must allow messages of maxPacketBytes (its maxPayload).
   */
  handleWebSocket(socket: WebSocket, req: IncomingMessage, remoteAddress?: string): void {
    if (!this.aedes) {
      socket.close(1013, 'MQTT broker not running');
      return;
    }
    this.handle(createWebSocketStream(socket), 'ws', remoteAddress ?? req.socket.remoteAddress, req);
  }

  /** The largest MQTT packet accepted, bytes: what a WebSocket carrying MQTT must allow. */
  get maxPacketBytes(): number {
    return this.limits.maxPacketBytes;
  }

  /** True while the device has an authenticated connection. */
  isConnected(sn: string): boolean {
    const client = this.latest.get(sn);
    return client !== undefined && !client.closed;
  }

  private handle(
    conn: Duplex,
    transport: Transport,
    remoteAddress: string | undefined,
    req?: IncomingMessage,
  ): void {
    if (!this.aedes) {
      conn.destroy();
      return;
    }
    // aedes reads from the guard, never from the connection itself (see PacketGuard).
    const guard = new PacketGuard(conn, this.limits, this.refuseConnection);
    this.sockets.add(guard);
    guard.once('close', () => this.sockets.delete(guard));
    this.transports.set(guard, { transport, remoteAddress });
    grantAtMostQos1(this.aedes.handle(guard, req));
  }

  /** The guard closes a connection: an oversized packet, or not authenticated in time. */
  private refuseConnection(guard: PacketGuard, reason: string): void {
    // aedes sets `conn.client`; the client id stays null until the CONNECT is read.
    const client = (guard as { client?: Client }).client;
    const sn: string | null | undefined = client?.id;
    const info = client && this.info.get(client);
    if (info && guard.isAuthenticated) info.disconnectReason = 'refused';
    this.listeners.emit('refused', {
      sn: sn ?? undefined,
      action: guard.isAuthenticated ? 'packet' : 'connect',
      reason,
      remoteAddress: info?.remoteAddress ?? this.transports.get(guard)?.remoteAddress,
    });
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

  protected override publish(topic: string, payload: string, retain: boolean): Promise<void> {
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
    const info = this.info.get(client);
    const admission = await this.admission.admit({
      sn: client.id,
      username,
      password,
      remoteAddress: info?.remoteAddress,
      will: info?.will,
    });
    if (!admission.ok) {
      this.refuse(client, admission.action, admission.reason);
      return admission.code;
    }
    // aedes runs this before it closes an existing connection with the same client id, so
    // only a device that knows the secret gets here and can take over.
    const previous = this.latest.get(client.id);
    if (info && previous && previous !== client && !previous.closed) info.takeover = true;
    this.latest.set(client.id, client);
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
    const message = {
      sn,
      channel,
      payload: decoded.payload,
      will,
      retained: packet.retain,
      receivedAt: this.now(),
    } as DeviceMessage;
    if (packet.retain && packet.payload.length > this.limits.unboundStateBytes) {
      // Only a state may be retained, and a large one is rare: only then is the binding looked up.
      this.options.registry.isBound(sn).then(
        (bound) => this.deliver(message, packet, bound, done),
        (err: unknown) => {
          this.listeners.emit('error', asError(err));
          this.deliver(message, packet, false, done);
        },
      );
      return;
    }
    this.deliver(message, packet, true, done);
  }

  /**
   * Hands a message to the handlers and acknowledges it once they resolved. `mayRetain` false:
   * the device is not bound to a team and its state is over unboundStateBytes; the state is
   * processed all the same but not retained, so that self-registered SNs cannot park large
   * payloads in the broker's memory.
   */
  private deliver(
    message: DeviceMessage,
    packet: PublishPacket,
    mayRetain: boolean,
    done: (error?: Error | null) => void,
  ): void {
    if (!mayRetain) packet.retain = message.retained = false;
    const { sn, channel } = message;
    this.listeners.dispatch(message).then(
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
