import {
  Limits,
  liveServerMessage,
  LiveCloseCode,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@hmi/domain';

/** The client settings of SPEC section 9: heartbeat 10 s, reconnect every 30 s, 10 s timeout, 4 tries. */
export const LiveSocketSettings = {
  pingIntervalMs: Limits.socketHeartbeatMs,
  reconnectIntervalMs: Limits.reconnectIntervalMs,
  connectTimeoutMs: Limits.reconnectTimeoutMs,
  maxReconnects: Limits.reconnectMaxAttempts,
} as const;

/**
 * connecting: first connection under way; open; reconnecting: waiting for or making reconnect
 * attempt n; failed: gave up (attempts spent, or refused for permission); closed: closed by
 * the owner or by a token error.
 */
export type LiveSocketStatus = 'connecting' | 'open' | 'reconnecting' | 'failed' | 'closed';

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveSocketOptions<In = LiveServerMessage> {
  /** The socket address with the current token (read on every connection attempt). */
  url(): string;
  onMessage(message: In): void;
  /**
   * Turns a received JSON frame into a message, or undefined to ignore it. Default: the device
   * data socket's `liveServerMessage`; other sockets of the session (notify) pass their own.
   */
  parse?(json: unknown): In | undefined;
  /** Wait before reconnect attempt `attempt` (1, 2, ...). Default: reconnectIntervalMs each time. */
  reconnectDelayMs?(attempt: number): number;
  onStatus?(status: LiveSocketStatus, attempt: number): void;
  /** The server closed for a token error (4001): the session is over. */
  onTokenError(): void;
  /** Runs before each reconnect (e.g. a call that refreshes an expired access token). */
  beforeReconnect?(): Promise<void>;
  createSocket?(url: string): SocketLike;
  settings?: Partial<Record<keyof typeof LiveSocketSettings, number>>;
}

const parseLive = (json: unknown): LiveServerMessage | undefined => {
  const parsed = liveServerMessage.safeParse(json);
  return parsed.success ? parsed.data : undefined;
};

const OPEN = 1;

/**
 * One device data socket (live.api.ts): pings every 10 s, re-sends the latest subscribe after
 * every (re)connection, reconnects after unexpected closes at most 4 times 30 s apart with a
 * 10 s connect timeout, and reports a token error close (4001) instead of reconnecting.
 * Not React: the tab's LiveTab owns the device data socket (one per tab, live-tab.ts) and the
 * notify feature its own. Generic over the
 * received messages so the session's other socket (notify) shares the same connection rules.
 */
export class LiveSocket<In = LiveServerMessage> {
  private ws: SocketLike | null = null;
  private status: LiveSocketStatus = 'closed';
  private attempts = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private subscription: Extract<LiveClientMessage, { type: 'subscribe' | 'subscribe_tags' }> | null = null;
  private readonly settings: Record<keyof typeof LiveSocketSettings, number>;

  constructor(private readonly options: LiveSocketOptions<In>) {
    this.settings = { ...LiveSocketSettings, ...options.settings };
  }

  get state(): LiveSocketStatus {
    return this.status;
  }

  /** Connects (again): also after `failed` or `closed`, with a fresh count of attempts. */
  open(): void {
    this.stop();
    this.attempts = 0;
    this.connect('connecting');
  }

  /** Names the devices (or device tags) on screen; kept and re-sent after every reconnection. */
  subscribe(message: Extract<LiveClientMessage, { type: 'subscribe' | 'subscribe_tags' }>): void {
    this.subscription = message;
    this.send(message);
  }

  switchPage(page: number): void {
    if (this.subscription?.type === 'subscribe') this.subscription = { ...this.subscription, page };
    this.send({ type: 'switch_page', page });
  }

  /** Closes for good (until `open`). */
  close(): void {
    this.stop();
    this.setStatus('closed');
  }

  private send(message: LiveClientMessage): void {
    if (this.ws?.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    this.setStatus(status);
    const ws = (this.options.createSocket ?? ((u) => new WebSocket(u)))(this.options.url());
    this.ws = ws;
    this.connectTimer = setTimeout(() => {
      // No answer in time: give this attempt up like a dropped connection.
      if (this.ws === ws && ws.readyState !== OPEN) this.dropped(ws);
    }, this.settings.connectTimeoutMs);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.clearConnectTimer();
      this.attempts = 0;
      this.setStatus('open');
      if (this.subscription) this.send(this.subscription);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), this.settings.pingIntervalMs);
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws || typeof ev.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(ev.data);
      } catch {
        return;
      }
      // Without `parse` the messages are the device data socket's (In keeps its default).
      const message = this.options.parse ? this.options.parse(json) : (parseLive(json) as In | undefined);
      if (message !== undefined) this.options.onMessage(message);
    };
    ws.onerror = () => undefined;
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (ev.code === LiveCloseCode.TokenInvalid) {
        this.stop();
        this.setStatus('closed');
        this.options.onTokenError();
        return;
      }
      if (ev.code === LiveCloseCode.PermissionDenied) {
        this.stop();
        this.setStatus('failed');
        return;
      }
      this.dropped(ws);
    };
  }

  /** An unexpected close or a connect timeout: try again later, or give up. */
  private dropped(ws: SocketLike): void {
    this.detach(ws);
    if (this.attempts >= this.settings.maxReconnects) {
      this.setStatus('failed');
      return;
    }
    this.attempts += 1;
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        const go = () => {
          if (this.status === 'reconnecting') this.connect('reconnecting');
        };
        if (this.options.beforeReconnect) void this.options.beforeReconnect().then(go, go);
        else go();
      },
      this.options.reconnectDelayMs?.(this.attempts) ?? this.settings.reconnectIntervalMs,
    );
  }

  private detach(ws: SocketLike): void {
    this.clearConnectTimer();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    ws.onopen = ws.onclose = ws.onmessage = ws.onerror = null;
    if (ws.readyState < 2) ws.close(1000);
    if (this.ws === ws) this.ws = null;
  }

  private stop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.ws) this.detach(this.ws);
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private setStatus(status: LiveSocketStatus): void {
    this.status = status;
    this.options.onStatus?.(status, this.attempts);
  }
}
