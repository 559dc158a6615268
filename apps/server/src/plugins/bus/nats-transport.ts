import { connect, type NatsConnection } from 'nats';
import type { Transport } from './transport.ts';

/**
 * Core NATS: one connection publishes and subscribes; `noEcho` keeps a server's own messages
 * from coming back to it (it delivers them itself). The client reconnects forever and buffers
 * what is published meanwhile. At most once, like Redis pub/sub. Subjects are the channel names
 * (dots separate their tokens: `hmi.all`, `hmi.to.<server>`).
 */
export class NatsTransport implements Transport {
  private nc: NatsConnection | null = null;

  constructor(
    private readonly url: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  async open(channels: string[], onMessage: (channel: string, message: Uint8Array) => void): Promise<void> {
    const u = new URL(this.url);
    const nc = await connect({
      servers: `${u.hostname}:${u.port || '4222'}`,
      ...(u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : {}),
      name: 'hmi-bus',
      noEcho: true,
      maxReconnectAttempts: -1,
    });
    this.nc = nc;
    for (const subject of channels)
      nc.subscribe(subject, {
        callback: (err, msg) => (err ? this.onError(err) : onMessage(subject, msg.data)),
      });
    await nc.flush(); // the server has the subscriptions
    void (async () => {
      for await (const s of nc.status()) if (s.type === 'error') this.onError(s.data);
    })();
  }

  publish(channel: string, message: Uint8Array): void {
    try {
      this.nc?.publish(channel, message);
    } catch (err) {
      this.onError(err);
    }
  }

  async ping(): Promise<void> {
    const nc = this.nc;
    if (!nc || nc.isClosed()) throw new Error('nats connection closed');
    // A round trip to the server (waits while the client reconnects: the caller bounds it).
    await nc.rtt();
  }

  async close(): Promise<void> {
    await this.nc?.drain().catch(() => undefined);
    this.nc = null;
  }
}
