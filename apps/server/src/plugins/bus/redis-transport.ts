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
    onMessage: (channel: string, message: Uint8Array) => void,
    own: Uint8Array,
  ): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    // This server's own messages come back: dropped here by their first bytes.
    const echo = Buffer.from(own);
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      if (message.length >= echo.length && echo.equals(message.subarray(0, echo.length))) return;
      onMessage(channel.toString(), message);
    });
    await this.sub.subscribe(...channels);
  }

  publish(channel: string, message: Uint8Array): void {
    void this.pub
      .publish(channel, Buffer.from(message.buffer, message.byteOffset, message.byteLength))
      .catch(() => undefined); // reported by 'error'
  }

  async ping(): Promise<void> {
    // Not ready: a command would wait in the offline queue until the connection is back.
    for (const c of [this.pub, this.sub])
      if (c.status !== 'ready') throw new Error(`redis connection ${c.status}`);
    await this.pub.ping();
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
