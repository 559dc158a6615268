/** What a socket asked to see; a field left out keeps the socket's current one when worked. */
export interface ViewRequest {
  deviceIds?: number[];
  pageSize?: number;
  page?: number;
  /** subscribe_tags: device id -> the tags wanted; null: pages of the devices (subscribe). */
  tags?: Map<number, Set<number>> | null;
}

/** Works a request (database reads, then `subscribed` and the page's last values). */
export type ApplyView = (request: ViewRequest) => Promise<void>;

/**
 * The subscribe and switch_page requests of one device data socket. They need database reads,
 * so they are worked one at a time, each in a later turn of the event loop (setImmediate): the
 * socket's messages only record what they want, never queue work. Requests that arrive while one
 * waits or runs fold into a single waiting request, the latest wins: a switch_page replaces the
 * waiting page, a subscribe the waiting devices and page size (and the page, if it names one).
 * A flood of page switches thus costs one running and one waiting request, never a chain.
 */
export class ViewRequests {
  private waiting: ViewRequest | null = null;
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

  /** subscribe: replaces the waiting devices and page size; without a page, a waiting page stays. */
  subscribe(deviceIds: number[], pageSize: number, page: number | undefined): void {
    this.waiting = { deviceIds, pageSize, page: page ?? this.waiting?.page, tags: null };
    this.kick();
  }

  /** subscribe_tags: replaces the waiting request (pages no longer apply). */
  subscribeTags(tags: Map<number, Set<number>>): void {
    this.waiting = { deviceIds: [...tags.keys()], tags };
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
