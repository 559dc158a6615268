import type { BusEvents } from '../bus.ts';
import { OWN_ALL, type Ownership } from './ownership.ts';
import { ownerOf, type BusTopic } from './topics.ts';

/**
 * Which of a topic's events a subscriber takes:
 * - 'every': all of them, from every server (the default);
 * - 'owner': those whose device this server owns (topics with an `owner` in BUS_TOPICS);
 * - 'origin': those this server published (a side effect of a change made here, done once);
 * - 'others': those other servers published (what this server did not see itself).
 */
export type Scope = 'every' | 'owner' | 'origin' | 'others';

type Handler = (event: never) => void;

/**
 * The subscribers of one server and the delivery of an event to them: what every bus adapter
 * shares. A throwing handler is reported, never propagated; delivery is synchronous here, but no
 * caller may rely on that (a remote event arrives whenever the transport hands it over).
 */
export class Dispatch {
  private readonly handlers = new Map<BusTopic, Map<Scope, Set<Handler>>>();
  ownership: Ownership = OWN_ALL;

  constructor(private readonly onError: (err: unknown) => void) {}

  add<K extends BusTopic>(topic: K, scope: Scope, handler: (event: BusEvents[K]) => void): () => void {
    let byScope = this.handlers.get(topic);
    if (!byScope) this.handlers.set(topic, (byScope = new Map()));
    let set = byScope.get(scope);
    if (!set) byScope.set(scope, (set = new Set()));
    const h = handler as Handler;
    set.add(h);
    return () => set.delete(h);
  }

  /** Delivers an event; `local`: published by this server. */
  deliver<K extends BusTopic>(topic: K, event: BusEvents[K], local: boolean): void {
    const byScope = this.handlers.get(topic);
    if (!byScope) return;
    this.run(byScope.get('every'), event);
    const owners = byScope.get('owner');
    if (owners && owners.size > 0) {
      const deviceId = ownerOf(topic, event);
      if (deviceId !== undefined && this.ownership.owns(deviceId)) this.run(owners, event);
    }
    this.run(byScope.get(local ? 'origin' : 'others'), event);
  }

  clear(): void {
    this.handlers.clear();
  }

  private run(set: Set<Handler> | undefined, event: unknown): void {
    if (!set) return;
    for (const h of set) {
      try {
        (h as (e: unknown) => void)(event);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
