import type { Bus, BusEvents } from '../bus.ts';
import { Dispatch, type Scope } from './dispatch.ts';
import type { Ownership } from './ownership.ts';
import type { RequesterTopic } from './topics.ts';

/** What every bus adapter shares: this server's subscribers, their scopes and its ownership. */
export abstract class DispatchingBus implements Bus {
  protected readonly dispatch: Dispatch;

  constructor(
    readonly serverId: string,
    onError: (err: unknown) => void,
  ) {
    this.dispatch = new Dispatch(onError);
  }

  abstract publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void;
  abstract send<K extends RequesterTopic>(serverId: string, topic: K, event: BusEvents[K]): void;

  get ownership(): Ownership {
    return this.dispatch.ownership;
  }

  set ownership(o: Ownership) {
    this.dispatch.ownership = o;
  }

  subscribe<K extends keyof BusEvents>(
    topic: K,
    handler: (event: BusEvents[K]) => void,
    scope: Scope = 'every',
  ): () => void {
    return this.dispatch.add(topic, scope, handler);
  }

  /** In process: always answers. */
  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.dispatch.clear();
  }
}
