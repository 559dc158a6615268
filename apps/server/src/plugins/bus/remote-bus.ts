import type { BusEvents } from '../bus.ts';
import { DispatchingBus } from './dispatching-bus.ts';
import { wireOf, type BusTopic, type RequesterTopic } from './topics.ts';
import type { Transport } from './transport.ts';

/**
 * On the wire: `<server id> <JSON of { t: topic, e: event }>`. The publishing server's id comes
 * first, so a server drops its own echo (Redis sends a publisher's messages back to its own
 * subscription) without parsing it.
 */
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
    await this.transport.open([this.everyChannel, this.ownChannel], (_channel, message) =>
      this.receive(message),
    );
    return this;
  }

  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void {
    this.dispatch.deliver(topic, event, true);
    this.transport.publish(this.everyChannel, this.encode(topic, event));
  }

  send<K extends RequesterTopic>(serverId: string, topic: K, event: BusEvents[K]): void {
    if (serverId === this.serverId) this.dispatch.deliver(topic, event, true);
    else this.transport.publish(this.channelOf(serverId), this.encode(topic, event));
  }

  override async close(): Promise<void> {
    await super.close();
    await this.transport.close();
  }

  private channelOf(serverId: string): string {
    return `${this.prefix}.to.${serverId}`;
  }

  private encode<K extends BusTopic>(topic: K, event: BusEvents[K]): string {
    return `${this.serverId} ${JSON.stringify({ t: topic, e: wireOf(topic, event) })}`;
  }

  private receive(message: string): void {
    const space = message.indexOf(' ');
    // Our own echo (delivered when published), or not a message of this bus.
    if (space <= 0 || message.startsWith(this.echo)) return;
    let env: Envelope;
    try {
      env = JSON.parse(message.slice(space + 1)) as Envelope;
    } catch {
      return;
    }
    this.dispatch.deliver(env.t, env.e as BusEvents[typeof env.t], false);
  }
}
