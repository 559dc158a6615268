import type { LiveActMessage, LiveServerMessage } from '@hmi/domain';
import type { LiveSocket, LiveSocketStatus } from './live-socket.ts';
import {
  mergeWants,
  samePageView,
  wantDevices,
  type LiveSubscribe,
  type LiveWant,
} from './live-subscription.ts';
import { LiveValueStore } from './live-value-store.ts';

/** The part of a LiveSocket the tab drives (tests pass a fake). */
export type LiveTabSocket = Pick<LiveSocket, 'open' | 'close' | 'subscribe' | 'switchPage' | 'state'>;

/** Makes the tab's socket; it reports to the two handlers. */
export type CreateTabSocket = (handlers: {
  onMessage(m: LiveServerMessage): void;
  onStatus(status: LiveSocketStatus, attempt: number): void;
}) => LiveTabSocket;

/** The socket's state as screens show it. */
export interface LiveTabState {
  status: LiveSocketStatus;
  /** Reconnect attempt under way (1-4) while reconnecting. */
  attempt: number;
  /** When the socket last opened (ms), 0 before. */
  openedAt: number;
  /** A socket exists (a screen wants something, or did a moment ago). */
  active: boolean;
}

/** A screen's hold on the tab's subscription. */
export interface LiveRegistration {
  /** No longer wants anything. */
  release(): void;
}

interface Entry {
  want: LiveWant;
  devices: Set<number>;
  onAct?: (m: LiveActMessage) => void;
}

/** A socket nobody wants any more closes after this long (a new screen usually comes first). */
export const LIVE_TAB_LINGER_MS = 1_000;

/**
 * The tab's one device data socket, shared by every screen: screens register what they want
 * (a page of devices, (device, tag) pairs, acts), the tab merges the wants into the socket's one
 * subscription (mergeWants) and fans out what comes: values into one LiveValueStore per device
 * (cells subscribe per tag), `act` to the screens that name the device. Reference-counted: the
 * socket opens with the first registration and closes LIVE_TAB_LINGER_MS after the last one
 * goes; LiveSocket reconnects with its back-off and re-sends the subscription. Changes in one
 * turn (a screen leaving, the next arriving) are merged once, in a microtask.
 */
export class LiveTab {
  private readonly entries = new Set<Entry>();
  private readonly stores = new Map<number, LiveValueStore>();
  private readonly listeners = new Set<() => void>();
  private socket: LiveTabSocket | null = null;
  private sent: LiveSubscribe | null = null;
  private shown = new Set<number>();
  private queued = false;
  /** A screen registered since the last merge. */
  private added = false;
  private linger: ReturnType<typeof setTimeout> | null = null;
  private snapshot: LiveTabState = { status: 'closed', attempt: 0, openedAt: 0, active: false };

  constructor(
    private readonly createSocket: CreateTabSocket,
    private readonly lingerMs = LIVE_TAB_LINGER_MS,
  ) {}

  register(want: LiveWant, onAct?: (m: LiveActMessage) => void): LiveRegistration {
    const entry: Entry = { want, devices: wantDevices(want), onAct };
    this.entries.add(entry);
    this.added = true;
    this.queue();
    return {
      release: () => {
        if (this.entries.delete(entry)) this.queue();
      },
    };
  }

  /** The values of a device (the same store for the tab's life; emptied when shown anew). */
  values(deviceId: number): LiveValueStore {
    let s = this.stores.get(deviceId);
    if (!s) this.stores.set(deviceId, (s = new LiveValueStore()));
    return s;
  }

  get state(): LiveTabState {
    return this.snapshot;
  }

  /** Hears of every change of `state`. */
  subscribeState(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Connects again after the socket failed or was closed (a fresh count of attempts). */
  reconnect(): void {
    if (this.socket && this.entries.size > 0 && this.socket.state !== 'open') this.socket.open();
  }

  private queue(): void {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(this.sync);
  }

  /** Sends the merged subscription (or closes after the linger when nothing is wanted). */
  private readonly sync = (): void => {
    this.queued = false;
    const added = this.added;
    this.added = false;
    const message = mergeWants([...this.entries].map((e) => e.want));
    this.freshForShown(message);
    if (!message) {
      // Nothing wanted: the next screen subscribes afresh.
      this.sent = null;
      if (this.socket && !this.linger) this.linger = setTimeout(this.closeSocket, this.lingerMs);
      return;
    }
    if (this.linger) clearTimeout(this.linger);
    this.linger = null;
    if (!this.socket) {
      this.socket = this.createSocket({ onMessage: this.onMessage, onStatus: this.onStatus });
      this.socket.subscribe(message);
      this.socket.open();
    } else if (this.sent && samePageView(this.sent, message)) {
      if (this.sent.page !== message.page) this.socket.switchPage(message.page);
    } else {
      this.socket.subscribe(message);
    }
    this.sent = message;
    // A screen arriving after the socket gave up (or a token error closed it) connects again, as a
    // socket of its own used to.
    const state = this.socket.state;
    if (added && (state === 'failed' || state === 'closed')) this.socket.open();
  };

  /**
   * A device shown anew starts with no values, as a socket of its own used to (its last values
   * come with the subscription); a device no screen shows keeps its values (a screen that stopped
   * after the gather timeout still shows them) until it is shown again.
   */
  private freshForShown(message: LiveSubscribe | null): void {
    const now = new Set<number>();
    if (message) {
      for (const id of message.device_ids) now.add(id);
      for (const p of message.tags) now.add(p.device_id);
    }
    for (const id of now) if (!this.shown.has(id)) this.stores.get(id)?.clear();
    this.shown = now;
  }

  private readonly closeSocket = (): void => {
    this.linger = null;
    this.socket?.close();
    this.socket = null;
    this.sent = null;
    this.setState({ status: 'closed', attempt: 0, openedAt: this.snapshot.openedAt, active: false });
  };

  private readonly onStatus = (status: LiveSocketStatus, attempt: number): void => {
    const openedAt = status === 'open' ? Date.now() : this.snapshot.openedAt;
    this.setState({ status, attempt, openedAt, active: this.socket !== null });
  };

  /** Per message: values go to their device's store item by item; acts to the screens naming the device. */
  private readonly onMessage = (m: LiveServerMessage): void => {
    if (m.type === 'data') {
      const now = Date.now();
      for (const item of m.items) {
        const store = this.stores.get(item.device_id);
        if (store) store.putItem(item, now);
        else if (this.shown.has(item.device_id)) this.values(item.device_id).putItem(item, now);
      }
    } else if (m.type === 'act') {
      for (const e of this.entries) if (e.onAct && e.devices.has(m.device_id)) e.onAct(m);
    }
  };

  private setState(next: LiveTabState): void {
    this.snapshot = next;
    for (const l of this.listeners) l();
  }
}
