import fp from 'fastify-plugin';

/**
 * A part of the app that runs from start-up to close (an ingest pipeline attached to the device
 * link, a socket hub, the alarm engine...). The composition root builds them and lists them in
 * start order; this plugin only starts and stops them.
 */
export interface Runnable {
  /** Starts it; the next part starts once this one has. */
  start(): void | Promise<void>;
  /** Before the server stops answering (preClose): close its sockets. */
  closing?(): void | Promise<void>;
  /** Stops it (onClose, in reverse start order, before the database closes). */
  stop(): void | Promise<void>;
}

/** A part that runs while subscribed: `attach` subscribes and returns the function that unsubscribes. */
export function attached(attach: () => () => void): Runnable {
  let detach: (() => void) | null = null;
  return {
    start: () => {
      detach = attach();
    },
    stop: () => {
      detach?.();
      detach = null;
    },
  };
}

/**
 * Starts the app's running parts in order once the database is migrated; on close, closes their
 * sockets first (preClose) and then stops them in reverse order, so that each one stops before
 * what it depends on (and all of them before the database, registered earlier, closes).
 */
export const runtimePlugin = fp<{ parts: readonly Runnable[] }>(
  async (app, { parts }) => {
    const started: Runnable[] = [];
    app.addHook('preClose', async () => {
      for (const part of [...started].reverse()) await part.closing?.();
    });
    app.addHook('onClose', async () => {
      for (const part of started.splice(0).reverse()) await part.stop();
    });
    for (const part of parts) {
      await part.start();
      started.push(part);
    }
  },
  { name: 'runtime', dependencies: ['db', 'bus', 'mail'] },
);
