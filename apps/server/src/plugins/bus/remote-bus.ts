import type { BusEvents } from '../bus.ts';
import { DispatchingBus } from './dispatching-bus.ts';
import { fromWire, wireOf, type BusTopic, type RequesterTopic } from './topics.ts';
import type { Transport } from './transport.ts';

/**
 * On the wire: `<server id> <JSON of { t: topic, e: event }>`, or `<server id> [<envelope>,...]`
 * for the events one server published in one turn (see `publish`). The publishing server's id
 * comes first, so a server drops its own echo (Redis sends a publisher's messages back to its own
 * subscription) without parsing it.
 */
/** A batch of envelopes on the wire stops at about this many characters. */
const MAX_BATCH_CHARS = 256 * 1024;

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
  private readonly echo: string;
  /** Envelopes (JSON) published in this turn, not yet on the wire, and their length. */
  private queued: string[] = [];
  private queuedChars = 0;

  constructor(
    serverId: string,
    private readonly transport: Transport,
    private readonly prefix: string,
    onError: (err: unknown) => void,
  ) {
    super(serverId, onError);
    this.everyChannel = `${prefix}.all`;
    this.ownChannel = this.channelOf(serverId);
    this.echo = `${serverId} `;
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
   * Delivers here at once; the events published in one turn (a commit publishes a data event per
   * device) go on the wire together, in order, when the turn's microtasks run: one message
   * instead of one per event, which was most of the bus's CPU per point on small messages
   * (docs/benchmarks.md, "Scale-out (issue 27)"). A batch stops at about 256 KB (NATS refuses
   * messages over its max_payload, 1 MB by default).
   */
  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void {
    this.dispatch.deliver(topic, event, true);
    const envelope = this.envelope(topic, event);
    if (this.queued.length === 0) queueMicrotask(this.flush);
    else if (this.queuedChars + envelope.length > MAX_BATCH_CHARS) this.flush();
    this.queued.push(envelope);
    this.queuedChars += envelope.length;
  }

  private readonly flush = (): void => {
    const queued = this.queued;
    if (queued.length === 0) return;
    this.queued = [];
    this.queuedChars = 0;
    const body = queued.length === 1 ? queued[0]! : `[${queued.join(',')}]`;
    this.transport.publish(this.everyChannel, `${this.serverId} ${body}`);
  };

  send<K extends RequesterTopic>(serverId: string, topic: K, event: BusEvents[K]): void {
    if (serverId === this.serverId) this.dispatch.deliver(topic, event, true);
    else this.transport.publish(this.channelOf(serverId), this.encode(topic, event));
  }

  override async close(): Promise<void> {
    this.flush();
    await super.close();
    await this.transport.close();
  }

  private channelOf(serverId: string): string {
    return `${this.prefix}.to.${serverId}`;
  }

  private envelope<K extends BusTopic>(topic: K, event: BusEvents[K]): string {
    return JSON.stringify({ t: topic, e: wireOf(topic, event) });
  }

  private encode<K extends BusTopic>(topic: K, event: BusEvents[K]): string {
    return `${this.serverId} ${this.envelope(topic, event)}`;
  }

  private receive(message: string): void {
    const space = message.indexOf(' ');
    // Our own echo (delivered when published), or not a message of this bus.
    if (space <= 0 || message.startsWith(this.echo)) return;
    let body: Envelope | Envelope[];
    try {
      body = JSON.parse(message.slice(space + 1)) as Envelope | Envelope[];
    } catch {
      return;
    }
    for (const env of Array.isArray(body) ? body : [body])
      this.dispatch.deliver(env.t, fromWire(env.t, env.e), false);
  }
}
