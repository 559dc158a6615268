import { Redis } from 'ioredis';
import type { Transport } from './transport.ts';

/**
 * Redis pub/sub: one connection publishes, a second one (a connection in subscriber mode can do
 * nothing else) listens. ioredis reconnects and subscribes again by itself; what is published
 * while the connection is down waits in its offline queue. Delivery is at most once: Redis keeps
 * nothing for a subscriber that is away.
 */
export class RedisTransport implements Transport {
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(url: string, onError: (err: unknown) => void) {
    // Start-up fails fast when Redis is not there (one attempt); afterwards reconnect forever.
    const options = { lazyConnect: true, maxRetriesPerRequest: null, connectionName: 'hmi-bus' };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
  }

  async open(
    channels: string[],
    onMessage: (channel: string, message: string) => void,
    own: string,
  ): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    // As bytes: this server's own messages come back and are dropped by their first bytes, without
    // decoding them (a batch of live frames can be 256 KB).
    const echo = Buffer.from(own);
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      if (message.length >= echo.length && echo.equals(message.subarray(0, echo.length))) return;
      onMessage(channel.toString(), message.toString());
    });
    await this.sub.subscribe(...channels);
  }

  publish(channel: string, message: string): void {
    void this.pub.publish(channel, message).catch(() => undefined); // reported by 'error'
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
