import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { createServer as createNetServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { createWebSocketStream, type WebSocket } from 'ws';
import { deviceTopicPrefix, isSerialNumber } from '@hmi/domain';
import { DEFAULT_BROKER_LIMITS, type BrokerLimits } from './broker-limits.ts';
import { authorizeDeviceSubscribe, type AclDecision } from './device-acl.ts';
import {
  ConnackCode,
  DEFAULT_AUTH_FAILURE_LIMIT,
  DEFAULT_RECONNECT_LIMIT,
  DeviceAdmission,
} from './device-admission.ts';
import { MqttDeviceLink, type DeviceDisconnectEvent, type Transport } from './device-link.ts';
import type { EmbeddedDeviceLinkOptions } from './embedded-device-link-options.ts';
import { EmbeddedPublishGate, asError } from './embedded-publish-gate.ts';
import { listenOn } from './mqtt-listener.ts';
import { PacketGuard } from './packet-guard.ts';
import { grantAtMostQos1 } from './subscribe-qos.ts';

export type { EmbeddedDeviceLinkOptions } from './embedded-device-link-options.ts';
export { MqttPortInUseError } from './mqtt-listener.ts';

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
  private readonly publishGate: EmbeddedPublishGate;
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
      extension: () => this.extension,
    });
    this.publishGate = new EmbeddedPublishGate({
      extension: () => this.extension,
      listeners: this.listeners,
      registry: options.registry,
      unboundStateBytes: this.limits.unboundStateBytes,
      now: this.now,
      isSuperseded: (client) => this.isSuperseded(client),
      refuse: (client, action, reason, topic) => this.refuse(client, action, reason, topic),
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
      authorizePublish: (client, packet, done) => this.publishGate.authorize(client, packet, done),
      authorizeSubscribe: (client, sub, done) => {
        const extension = this.extension;
        const decided = (decision: AclDecision) => {
          if (!decision.ok) {
            this.refuse(client, 'subscribe', decision.reason, sub.topic);
            return done(null, null); // SUBACK 0x80 for this filter; the connection stays
          }
          // grantAtMostQos1 already lowered the request (and so the SUBACK); this is the backstop.
          done(null, { ...sub, qos: sub.qos > 1 ? 1 : sub.qos });
        };
        if (!extension || !sub.topic.startsWith(extension.prefix))
          return decided(authorizeDeviceSubscribe(client.id, sub.topic));
        Promise.resolve(extension.authorizeSubscribe(client.id, sub.topic)).then(decided, (err: unknown) => {
          this.listeners.emit('error', asError(err));
          decided({ ok: false, reason: 'subscription check failed' });
        });
      },
      // Defence in depth: even a subscription that slipped through never forwards foreign topics.
      authorizeForward: (client, packet) => {
        if (!isSerialNumber(client.id)) return null;
        if (packet.topic.startsWith(deviceTopicPrefix(client.id))) return packet;
        const extension = this.extension;
        return extension &&
          packet.topic.startsWith(extension.prefix) &&
          extension.mayForward(client.id, packet.topic)
          ? packet
          : null;
      },
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
    this.extension?.connected();
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

  isReady(): boolean {
    return this.aedes !== undefined && this.servers.every((s) => s.listening);
  }

  connectedDevices(): number {
    let n = 0;
    for (const client of this.latest.values()) if (!client.closed) n++;
    return n;
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
    return listenOn(server, port, host, setting, () => {
      server.on('error', (err) => this.listeners.emit('error', err));
      this.servers.push(server);
    });
  }

  protected override publish(topic: string, payload: string | Buffer, retain: boolean): Promise<void> {
    const aedes = this.aedes;
    if (!aedes) return Promise.reject(new Error('the embedded MQTT broker is not running'));
    const packet: PublishPacket = {
      cmd: 'publish',
      topic,
      payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
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
}

function authError(code: ConnackCode): AuthenticateError {
  return Object.assign(new Error('connection refused'), { returnCode: code }) as AuthenticateError;
}
