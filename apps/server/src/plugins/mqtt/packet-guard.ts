import { Duplex } from 'node:stream';

export interface PacketLimits {
  /** Largest packet of an authenticated connection, bytes, fixed header included (MQTT_MAX_PACKET_BYTES). */
  maxPacketBytes: number;
  /** Largest first packet, which must be the CONNECT, bytes, fixed header included (MQTT_MAX_CONNECT_BYTES). */
  maxConnectBytes: number;
  /** How long a connection may stay unauthenticated, ms (MQTT_CONNECT_TIMEOUT). */
  connectTimeoutMs: number;
}

/** Told once, just before the guard closes its connection; `reason` is for logs. */
export type PacketGuardRefusal = (guard: PacketGuard, reason: string) => void;

/**
 * Sits between a device's connection (TCP, TLS or WebSocket stream) and aedes, whose parser
 * (mqtt-packet) has no size limit: it reads a packet of whatever length the fixed header
 * announces (up to 256 MiB) into memory before anything looks at it, and before authentication.
 *
 * The guard follows only the fixed headers, with a small state machine over the bytes as they
 * arrive (no copies, no per-packet allocation): it closes the connection as soon as a packet's
 * remaining-length varint announces more than the limit, so an oversized packet is never
 * buffered. Until the device is authenticated, the first packet must be a CONNECT of at most
 * maxConnectBytes; bytes after it are held (and the connection no longer read) until
 * `authenticated()`, so an unauthenticated connection costs at most one CONNECT and one read
 * chunk; and it is closed when not authenticated within connectTimeoutMs.
 *
 * Writes pass straight through to the connection. Reads keep aedes' backpressure: when aedes
 * stops reading (a message waiting for its commit), the guard pauses the connection.
 */
export class PacketGuard extends Duplex {
  private authed = false;
  /** The CONNECT has been passed on whole: later packets have the normal limit. */
  private connectPassed = false;
  private limit: number;
  /** Inside a fixed header's remaining-length varint. */
  private inLength = false;
  private length = 0;
  private lengthBytes = 0;
  private multiplier = 1;
  /** Body bytes of the current packet still to come. */
  private remaining = 0;
  /** Bytes after the CONNECT, held until the device is authenticated. */
  private held: Buffer | null = null;
  /** The connection is paused because aedes has not read what was pushed. */
  private waiting = false;
  private drainCallback: ((error?: Error | null) => void) | null = null;
  private timer: NodeJS.Timeout | null;

  constructor(
    readonly connection: Duplex,
    private readonly limits: PacketLimits,
    private readonly onRefuse: PacketGuardRefusal,
  ) {
    super({ allowHalfOpen: false });
    this.limit = limits.maxConnectBytes;
    this.onData = this.onData.bind(this);
    this.onDrain = this.onDrain.bind(this);
    this.timer = setTimeout(this.onTimeout.bind(this), limits.connectTimeoutMs);
    connection.on('data', this.onData);
    connection.on('drain', this.onDrain);
    connection.on('end', () => this.push(null));
    connection.on('error', (err: Error) => this.destroy(err));
    connection.on('close', () => this.destroy());
  }

  /** True once the device is authenticated. */
  get isAuthenticated(): boolean {
    return this.authed;
  }

  /** The device is authenticated: later packets may come, up to maxPacketBytes each. */
  authenticated(): void {
    if (this.authed) return;
    this.authed = true;
    this.clearTimer();
    const held = this.held;
    this.held = null;
    if (held) this.onData(held);
    if (!this.held && !this.waiting && !this.destroyed) this.connection.resume();
  }

  override _read(): void {
    if (!this.waiting) return;
    this.waiting = false;
    if (!this.held) this.connection.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.connection.write(chunk)) callback();
    else this.drainCallback = callback;
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    // mqtt-packet writes one packet in several pieces, corked: hand them over as one write.
    const connection = this.connection;
    let ok = true;
    connection.cork();
    for (let i = 0; i < chunks.length; i++) ok = connection.write(chunks[i]!.chunk);
    connection.uncork();
    if (ok) callback();
    else this.drainCallback = callback;
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.connection.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.clearTimer();
    this.held = null;
    this.connection.destroy();
    callback(error);
  }

  private onData(chunk: Buffer): void {
    if (this.held || (this.connectPassed && !this.authed)) return this.hold(chunk);
    const pass = this.scan(chunk);
    if (pass < 0) return;
    if (pass > 0 && !this.push(pass === chunk.length ? chunk : chunk.subarray(0, pass))) {
      this.waiting = true;
      this.connection.pause();
    }
    if (pass < chunk.length) this.hold(chunk.subarray(pass));
    // The CONNECT ended with the chunk: read no more until the device is authenticated.
    else if (this.connectPassed && !this.authed) this.connection.pause();
  }

  private hold(bytes: Buffer): void {
    // More than one chunk only when data was already on its way as the connection was paused.
    this.held = this.held ? Buffer.concat([this.held, bytes]) : bytes;
    this.connection.pause();
  }

  /**
   * Follows the fixed headers through `chunk`; returns how many of its bytes may go to aedes now
   * (all of them, or those up to the end of the CONNECT while unauthenticated), or -1 when it
   * refused the connection.
   */
  private scan(chunk: Buffer): number {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.remaining > 0) {
        if (this.remaining > n - i) {
          this.remaining -= n - i;
          return n;
        }
        i += this.remaining;
        this.remaining = 0;
        if (!this.connectPassed && this.connectEnded()) return i;
        continue;
      }
      const byte = chunk[i++]!;
      if (!this.inLength) {
        // First byte of a fixed header: the packet type is the high nibble (1 = CONNECT).
        if (!this.connectPassed && byte >> 4 !== 1) return this.refuse('the first packet is not a CONNECT');
        this.inLength = true;
        this.length = 0;
        this.lengthBytes = 0;
        this.multiplier = 1;
        continue;
      }
      // Remaining length: 1-4 bytes, 7 bits each, least significant first. Each byte only adds,
      // so the packet is refused as soon as what arrived so far is over the limit.
      this.length += (byte & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if (1 + this.lengthBytes + this.length > this.limit) {
        return this.refuse(
          this.connectPassed
            ? `packet larger than ${this.limit} bytes`
            : `CONNECT larger than ${this.limit} bytes`,
        );
      }
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return this.refuse('malformed remaining length');
        continue;
      }
      this.inLength = false;
      this.remaining = this.length;
      if (this.remaining === 0 && !this.connectPassed && this.connectEnded()) return i;
    }
    return n;
  }

  /** The CONNECT is complete; true while later bytes must wait for authentication. */
  private connectEnded(): boolean {
    this.connectPassed = true;
    this.limit = this.limits.maxPacketBytes;
    return !this.authed;
  }

  private onDrain(): void {
    const callback = this.drainCallback;
    if (!callback) return;
    this.drainCallback = null;
    callback();
  }

  private onTimeout(): void {
    this.timer = null;
    if (!this.authed && !this.destroyed) {
      this.refuse(`not authenticated within ${this.limits.connectTimeoutMs} ms`);
    }
  }

  private refuse(reason: string): -1 {
    if (!this.destroyed) {
      this.onRefuse(this, reason);
      this.destroy();
    }
    return -1;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
