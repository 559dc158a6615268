import type { BusEvents } from '../bus.ts';
import { DispatchingBus } from './dispatching-bus.ts';
import { binaryOf, BUS_TOPICS, wireOf, type BusTopic, type RequesterTopic } from './topics.ts';
import type { Transport } from './transport.ts';
import { WireReader, WireWriter } from './wire-codec.ts';

/*
 * On the wire a message is bytes: `<server id> ` (ASCII), a version byte, then records, each
 *   u8 kind, u32 length of the payload, payload:
 *   - kind 1, JSON: the UTF-8 JSON of `{ t: topic, e: event }` (the topic's `wire` form);
 *   - kind 2, binary: u8 length and ASCII name of the topic, then its `binary` form (topics.ts;
 *     `device.data` frames of numbers, frame-wire.ts);
 *   - kind 3, time: the f64 wall-clock ms at which the message's first event was published (the
 *     first record of every message; a receiver measures the bus lag with it, hmi_bus_lag_seconds).
 * A message holds the events one server published within BATCH_MS, in order (see `publish`). The
 * publishing server's id comes first, so a server drops its own echo (Redis sends a publisher's
 * messages back to its own subscription) by its first bytes, without reading it. A receiver
 * skips records of kinds it does not know and drops a malformed message whole.
 */
const VERSION = 1;
const JSON_RECORD = 1;
const BINARY_RECORD = 2;
const TIME_RECORD = 3;
/** A message is sent once it is about this long (NATS refuses messages over max_payload, 1 MB by default). */
const MAX_MESSAGE_BYTES = 256 * 1024;
/**
 * How long the events published meanwhile wait to go on the wire together. Each message costs
 * its publisher (and, on Redis, its echo) tens of µs whatever it holds; at a steady rate a
 * server commits small batches thousands of times a second, and one message per commit cost
 * 10-20 µs per device message (docs/benchmarks.md, "Scale-out (issue 27)").
 */
const BATCH_MS = 5;

interface Envelope {
  t: BusTopic;
  e: unknown;
}

/**
 * The bus of several servers (BUS_URL): an event is delivered to this server's subscribers at
 * once and published on the shared channel, from which every other server delivers it to its
 * own. Events sent to one server go on that server's channel. Channel names start with `prefix`
 * so that clusters (and test runs) sharing one Redis or NATS never meet.
 */
export class RemoteBus extends DispatchingBus {
  private readonly everyChannel: string;
  private readonly ownChannel: string;
  /** How this server's own messages start. */
  private readonly echo: Buffer;
  /** The message under way: the events published in the last BATCH_MS. */
  private readonly batch = new WireWriter(64 * 1024);
  private batched = 0;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    serverId: string,
    private readonly transport: Transport,
    private readonly prefix: string,
    onError: (err: unknown) => void,
    /** Hears, per message received from another server, the seconds since its first event was published. */
    private readonly observeLag?: (seconds: number) => void,
  ) {
    super(serverId, onError);
    this.everyChannel = `${prefix}.all`;
    this.ownChannel = this.channelOf(serverId);
    this.echo = Buffer.from(`${serverId} `);
  }

  /** Connects and listens; the bus delivers remote events from then on. */
  async open(): Promise<this> {
    await this.transport.open(
      [this.everyChannel, this.ownChannel],
      (_channel, message) => this.receive(message),
      this.echo,
    );
    return this;
  }

  /**
   * Delivers here at once; the events published within BATCH_MS (a commit publishes a data event
   * per device) go on the wire together, in order: one message instead of one per event, which
   * was most of the bus's CPU per point on small messages (docs/benchmarks.md, "Scale-out
   * (issue 27)"). Other servers see an event at most BATCH_MS later than they would alone.
   */
  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void {
    this.dispatch.deliver(topic, event, true);
    if (this.batched > 0 && this.batch.length > MAX_MESSAGE_BYTES) this.flush();
    if (this.batched === 0) {
      this.flushTimer = setTimeout(this.flush, BATCH_MS);
      this.start(this.batch);
    }
    this.record(this.batch, topic, event);
    this.batched++;
  }

  send<K extends RequesterTopic>(serverId: string, topic: K, event: BusEvents[K]): void {
    if (serverId === this.serverId) {
      this.dispatch.deliver(topic, event, true);
      return;
    }
    const w = new WireWriter(256);
    this.start(w);
    this.record(w, topic, event);
    this.transport.publish(this.channelOf(serverId), w.take());
  }

  /** Resolves when the transport answers (readiness); rejects when it is down. */
  override ping(): Promise<void> {
    return this.transport.ping();
  }

  override async close(): Promise<void> {
    this.flush();
    await super.close();
    await this.transport.close();
  }

  private readonly flush = (): void => {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.batched === 0) return;
    this.batched = 0;
    this.transport.publish(this.everyChannel, this.batch.take());
  };

  private channelOf(serverId: string): string {
    return `${this.prefix}.to.${serverId}`;
  }

  private start(w: WireWriter): void {
    w.bytes(this.echo);
    w.u8(VERSION);
    w.u8(TIME_RECORD);
    w.u32(8);
    w.f64(Date.now());
  }

  private record<K extends BusTopic>(w: WireWriter, topic: K, event: BusEvents[K]): void {
    const start = w.length;
    const binary = binaryOf(topic);
    if (binary) {
      w.u8(BINARY_RECORD);
      const length = w.reserveU32();
      w.u8(topic.length);
      for (let i = 0; i < topic.length; i++) w.u8(topic.charCodeAt(i));
      if (binary.encode(w, event)) {
        w.patchU32(length, w.length - length - 4);
        return;
      }
      w.rewind(start);
    }
    w.u8(JSON_RECORD);
    w.text(JSON.stringify({ t: topic, e: wireOf(topic, event) }));
  }

  private receive(message: Uint8Array): void {
    const buf = Buffer.isBuffer(message)
      ? message
      : Buffer.from(message.buffer, message.byteOffset, message.length);
    // Our own echo (delivered when published).
    if (buf.length >= this.echo.length && this.echo.equals(buf.subarray(0, this.echo.length))) return;
    const space = buf.indexOf(0x20);
    if (space <= 0 || buf[space + 1] !== VERSION) return; // not a message of this bus
    const events: [BusTopic, unknown][] = [];
    let sentAt = 0;
    try {
      const r = new WireReader(buf, space + 2, buf.length);
      while (r.at < r.end) {
        const kind = r.u8();
        const length = r.u32();
        const end = r.at + length;
        if (kind === JSON_RECORD) {
          const env = JSON.parse(r.utf8(length)) as Envelope;
          events.push([env.t, env.e]);
        } else if (kind === TIME_RECORD && length === 8) {
          sentAt = r.f64();
        } else if (kind === BINARY_RECORD) {
          const topic = r.utf8(r.u8()) as BusTopic;
          const binary = Object.hasOwn(BUS_TOPICS, topic) ? binaryOf(topic) : undefined;
          if (binary) events.push([topic, binary.decode(new WireReader(buf, r.at, end))]);
        }
        r.at = end;
      }
    } catch {
      return; // malformed: dropped whole
    }
    // Wall clocks of two hosts: as exact as their time sync (never below 0).
    if (sentAt > 0 && this.observeLag) this.observeLag(Math.max(0, Date.now() - sentAt) / 1000);
    for (const [topic, event] of events)
      this.dispatch.deliver(topic, event as BusEvents[typeof topic], false);
  }
}
