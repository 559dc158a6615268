import {
  API_BASE,
  AuthPaths,
  DevicePaths,
  RemotePaths,
  remoteSession,
  tokenPair,
  TUNNEL_CLI_CLIENT_ID,
  type RemoteSession,
  type TunnelTarget,
} from '@hmi/domain';

/** A console call that answered a non-zero code (or no envelope at all: code -1). */
export class ConsoleError extends Error {
  constructor(
    readonly call: string,
    readonly code: number,
    readonly msg: string,
  ) {
    super(`${call} failed: code ${code}${msg ? ` (${msg})` : ''}`);
  }
}

/** Code 1009: the access token is invalid or expired (docs/api.md). */
const TOKEN_INVALID = 1009;

/**
 * The few console calls the tunnel CLI needs, as the web client makes them: JSON bodies, the
 * `{ code, data, msg }` envelope, the raw access token in `Authorization`. Signs in again once
 * when a call answers 1009 (expired token).
 */
export class ConsoleClient {
  private token: string | undefined;
  private base: string;

  constructor(
    base: string,
    private readonly user: string,
    private readonly password: string,
  ) {
    this.base = base.replace(/\/+$/, '');
  }

  /** The origin the calls and tunnel sockets go to (the regional host after login, if any). */
  get origin(): string {
    return this.base;
  }

  async login(): Promise<void> {
    const data = await this.call('login', 'POST', `${AuthPaths.login}?type=1`, {
      user: this.user,
      passwd: this.password,
    });
    const pair = tokenPair.safeParse(data);
    if (!pair.success) throw new ConsoleError('login', -1, 'unexpected reply');
    this.token = pair.data.token;
    if (/^https?:\/\//.test(pair.data.host)) this.base = pair.data.host.replace(/\/+$/, '');
  }

  /** The id of the caller's device with this SN (searched by SN in the device list). */
  async deviceId(sn: string): Promise<number> {
    const query = new URLSearchParams({ search: sn, page_size: '200' });
    const data = (await this.authed('device list', 'GET', `${DevicePaths.list}?${query}`)) as {
      list?: { id: number; sn: string }[];
    };
    const list = data.list ?? [];
    const device = list.find((d) => d.sn === sn) ?? list.find((d) => d.sn.toLowerCase() === sn.toLowerCase());
    if (!device) throw new ConsoleError('device lookup', -1, `no device with SN ${sn} in your devices`);
    return device.id;
  }

  /** POST /remote/open for a port (or vnc) of a device. */
  async openRemote(deviceId: number, target: TunnelTarget): Promise<RemoteSession> {
    const data = await this.authed('remote/open', 'POST', RemotePaths.open, { device_id: deviceId, target });
    const session = remoteSession.safeParse(data);
    if (!session.success) throw new ConsoleError('remote/open', -1, 'unexpected reply');
    return session.data;
  }

  /** The tunnel WebSocket URL of a session: `${origin}${ws_path}` with ws(s)://. */
  tunnelSocketUrl(session: RemoteSession): string {
    return `${this.base.replace(/^http/, 'ws')}${session.ws_path}`;
  }

  private async authed(name: string, method: string, path: string, body?: unknown): Promise<unknown> {
    if (!this.token) await this.login();
    try {
      return await this.call(name, method, path, body);
    } catch (err) {
      if (!(err instanceof ConsoleError) || err.code !== TOKEN_INVALID) throw err;
      await this.login();
      return this.call(name, method, path, body);
    }
  }

  private async call(name: string, method: string, path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${API_BASE}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(this.token ? { Authorization: this.token } : {}),
          // Recorded as client 'cli' in the device's remote sessions.
          'X-Client-Id': TUNNEL_CLI_CLIENT_ID,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new ConsoleError(name, -1, `cannot reach ${this.base}: ${(err as Error).message}`);
    }
    let envelope: { code?: unknown; data?: unknown; msg?: unknown };
    try {
      envelope = (await res.json()) as typeof envelope;
    } catch {
      throw new ConsoleError(name, -1, `HTTP ${res.status} without a JSON reply`);
    }
    if (typeof envelope.code !== 'number')
      throw new ConsoleError(name, -1, `HTTP ${res.status}, no envelope`);
    if (envelope.code !== 0) throw new ConsoleError(name, envelope.code, String(envelope.msg ?? ''));
    return envelope.data;
  }
}
