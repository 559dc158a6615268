/**
 * What a bus adapter needs of a pub/sub engine: one channel every server listens on, and one per
 * server for what is sent to it. Messages are bytes (`bus/remote-bus.ts`); per publisher they
 * arrive in the order they were published (Redis pub/sub and core NATS both keep it).
 */
export interface Transport {
  /**
   * Connects and listens on `channels`; resolves once subscribed (messages then reach
   * `onMessage`). Messages starting with `own` are this server's: a transport on which they come
   * back (Redis) may drop them at once.
   */
  open(
    channels: string[],
    onMessage: (channel: string, message: Uint8Array) => void,
    own: Uint8Array,
  ): Promise<void>;
  publish(channel: string, message: Uint8Array): void;
  /** Resolves when the engine answers on the connections (readiness); rejects when one is down. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
