import type { SubscriptionChange } from './subscription.ts';

/** Works a change of the subscription (database reads, then `subscribed` and the last values). */
export type ApplyView = (request: SubscriptionChange) => Promise<void>;

/**
 * The subscribe and switch_page requests of one device data socket. They need database reads,
 * so they are worked one at a time, each in a later turn of the event loop (setImmediate): the
 * socket's messages only record what they want, never queue work. Requests that arrive while one
 * waits or runs fold into a single waiting request, the latest wins: a switch_page replaces the
 * waiting page, a subscribe the waiting devices and page size (and the page, if it names one).
 * A flood of page switches thus costs one running and one waiting request, never a chain.
 */
export class ViewRequests {
  private waiting: SubscriptionChange | null = null;
  private running = false;
  private scheduled = false;
  private closed = false;

  constructor(
    private readonly apply: ApplyView,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** switch_page: the latest page wins. */
  switchPage(page: number): void {
    if (this.waiting) this.waiting.page = page;
    else this.waiting = { page };
    this.kick();
  }

  /**
   * subscribe or subscribe_tags: replaces the waiting request; without a page, a waiting page
   * stays (the fields the change leaves out are the socket's current ones when worked).
   */
  subscribe(change: SubscriptionChange): void {
    this.waiting = { ...change, page: change.page ?? this.waiting?.page };
    if (this.waiting.page === undefined) delete this.waiting.page;
    this.kick();
  }

  /** Works the current view again (the caller's permissions or data scope changed). */
  refresh(): void {
    this.waiting ??= {};
    this.kick();
  }

  /** The socket closed: nothing more is worked. */
  close(): void {
    this.closed = true;
    this.waiting = null;
  }

  private kick(): void {
    if (this.running || this.scheduled || this.closed) return;
    this.scheduled = true;
    // A module function and an argument, not a closure per message (see runNext).
    setImmediate(runNext, this);
  }

  /** @internal Runs the waiting request, if any (from setImmediate). */
  next(): void {
    this.scheduled = false;
    const request = this.waiting;
    if (!request || this.running || this.closed) return;
    this.waiting = null;
    this.running = true;
    this.apply(request).catch(this.onError).finally(this.done);
  }

  /** Bound once per socket: the next request waits for a later turn of the event loop. */
  private readonly done = (): void => {
    this.running = false;
    if (this.waiting) this.kick();
  };
}

function runNext(requests: ViewRequests): void {
  requests.next();
}
