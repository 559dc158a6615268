import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { API_BASE, AuthPaths, ErrorCode, StringErrorCode } from '@hmi/domain';
import { ApiError, CancelledError } from './http-errors.ts';
import type { RefreshLock } from './refresh-lock.ts';

export interface RequestConfig extends AxiosRequestConfig {
  /** Errors come back to the caller as ApiError {code, msg} with no toast. */
  manual?: boolean;
  /** Internal: how many times this call was replayed after a token refresh. */
  replays?: number;
}

/** The token side of browser storage the client needs (see shared/storage). */
export interface TokenStore {
  token(): string | null;
  refreshToken(): string | null;
  host(): string;
  updateTokens(token: string, refreshToken: string): void;
  clearToken(): void;
  clearSession(): void;
}

export type SignOutReason = typeof StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN | '1055';

export interface HttpClientDeps {
  tokens: TokenStore;
  /** Shows an error toast (limited to 3 visible by the toast queue). */
  toast(text: string): void;
  /** Translated text of an error code, or of the reply's data when it is a known key. */
  errorText(code: number | string, data?: unknown, msg?: string): string;
  /** The session ended: go to the login screen. */
  signedOut(reason: SignOutReason): void;
  /** Tests inject a fake transport here. */
  adapter?: AxiosAdapter;
  /** Makes the refresh one per browser (shared/http/refresh-lock.ts); per client when absent. */
  refreshLock?: RefreshLock;
}

export interface HttpClient {
  request<T>(config: RequestConfig): Promise<T>;
  get<T>(url: string, config?: RequestConfig): Promise<T>;
  post<T>(url: string, data?: unknown, config?: RequestConfig): Promise<T>;
  /** Aborts every pending request; they reject with CancelledError. */
  cancelAll(): void;
}

interface Envelope {
  code: number;
  data: unknown;
  msg: string;
}

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

const NETWORK_CODES: readonly string[] = [
  StringErrorCode.ERR_NETWORK,
  StringErrorCode.ECONNABORTED,
  StringErrorCode.ETIMEDOUT,
];

/**
 * How often one call refreshes the tokens and is replayed before the session counts as ended: a
 * replay that waited behind other requests may find its fresh token expired already (short
 * ACCESS_TOKEN_TTL, several busy tabs), and gets one more refresh; a third 1009 is no accident.
 * A call refused with a token that has been replaced since is replayed without counting.
 */
const MAX_REPLAYS = 2;

const REFRESH_CODES: readonly number[] = [ErrorCode.E1008_AUTH_HEADER_MISSING, ErrorCode.E1009_LOGIN_EXPIRED];

/**
 * Sends one HTTP call and returns the envelope, whatever the HTTP status; `pending` holds its
 * controller while it is in flight (cancelAll).
 */
async function sendCall(
  instance: AxiosInstance,
  deps: HttpClientDeps,
  pending: Set<AbortController>,
  config: RequestConfig,
  token: string | null,
): Promise<Envelope> {
  const controller = new AbortController();
  const outer = config.signal as AbortSignal | undefined;
  if (outer?.aborted) throw new CancelledError();
  const follow = () => controller.abort();
  outer?.addEventListener('abort', follow);
  pending.add(controller);
  try {
    const { manual: _m, replays: _r, ...axiosConfig } = config;
    const res = await instance.request<unknown>({
      ...axiosConfig,
      baseURL: deps.tokens.host() + API_BASE,
      signal: controller.signal,
      headers: {
        ...(axiosConfig.headers as Record<string, string> | undefined),
        ...(token ? { Authorization: token } : {}),
      },
    });
    if (isEnvelope(res.data)) return res.data;
    return { code: 0, data: res.data, msg: '' };
  } catch (err) {
    if (axios.isCancel(err) || controller.signal.aborted) throw new CancelledError();
    // The server answers errors with a non-2xx status and the envelope in the body.
    if (axios.isAxiosError(err) && isEnvelope(err.response?.data)) return err.response.data;
    const code =
      axios.isAxiosError(err) && err.code && NETWORK_CODES.includes(err.code)
        ? err.code
        : StringErrorCode.ERR_NETWORK;
    throw Object.assign(new Error(code), { networkCode: code });
  } finally {
    pending.delete(controller);
    outer?.removeEventListener('abort', follow);
  }
}

/**
 * The one HTTP client of the console (SPEC sections 4, 7 and 8): envelope unwrapping, token
 * refresh with a queue of waiting requests, forced sign-out on 1055, translated toasts.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const instance: AxiosInstance = axios.create({
    timeout: 60_000,
    withCredentials: true,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
  const pending = new Set<AbortController>();
  let refreshing: Promise<void> | null = null;
  /** This client ended the session (1055, or an expired one) and nobody signed in since. */
  let ended = false;

  // Another tab replaced the refresh token this tab holds (a session in sessionStorage): take it.
  deps.refreshLock?.onAnnounce((pair) => {
    if (deps.tokens.refreshToken() === pair.previous)
      deps.tokens.updateTokens(pair.token, pair.refresh_token);
  });

  const cancelAll = () => {
    for (const c of [...pending]) c.abort();
    pending.clear();
  };

  const send = (config: RequestConfig, token: string | null) =>
    sendCall(instance, deps, pending, config, token);

  /** Failed refresh or no stored tokens: clear token and host, back to login with the message. */
  function expire(always = false): never {
    cancelAll();
    const hadSession = deps.tokens.token() != null || deps.tokens.refreshToken() != null;
    deps.tokens.clearSession();
    // A call without a token after this client ended the session (e.g. 1055) keeps that reason.
    if (hadSession || (always && !ended)) {
      ended = true;
      deps.toast(deps.errorText(StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN));
      deps.signedOut(StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
    }
    throw new CancelledError();
  }

  async function doRefresh(): Promise<void> {
    const stale = deps.tokens.refreshToken();
    if (!deps.tokens.token() || !stale) expire();
    const exclusive = deps.refreshLock?.exclusive ?? ((fn: () => Promise<void>) => fn());
    await exclusive(async () => {
      const current = deps.tokens.refreshToken();
      // Another tab refreshed while this one waited: its pair is in storage, use it.
      if (current !== stale) {
        if (!current || !deps.tokens.token()) expire();
        return;
      }
      const token = deps.tokens.token();
      let reply: Envelope;
      try {
        reply = await send(
          { method: 'POST', url: AuthPaths.refresh, params: { from: 'web' }, data: { token } },
          stale,
        );
      } catch (err) {
        if (err instanceof CancelledError) throw err;
        expire();
      }
      const data = reply.data as { token?: unknown; refresh_token?: unknown } | null;
      if (reply.code !== 0 || typeof data?.token !== 'string' || typeof data.refresh_token !== 'string')
        expire();
      deps.tokens.updateTokens(data.token, data.refresh_token);
      deps.refreshLock?.announce({ previous: stale, token: data.token, refresh_token: data.refresh_token });
    });
  }

  /** One refresh at a time; every request that fails meanwhile waits for the same one. */
  function refreshOnce(): Promise<void> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function fail(config: RequestConfig, code: number | string, data: unknown, msg: string): never {
    if (config.manual) throw new ApiError(code, msg, data, false);
    const text = deps.errorText(code, data, msg);
    deps.toast(text);
    throw new ApiError(code, text, data, true);
  }

  async function request<T>(config: RequestConfig): Promise<T> {
    if (refreshing && !config.url?.startsWith(AuthPaths.refresh)) {
      // Do not spend a dying token while a refresh is under way.
      await refreshing;
    }
    const usedToken = deps.tokens.token();
    if (usedToken) ended = false; // signed in again
    let reply: Envelope;
    try {
      reply = await send(config, usedToken);
    } catch (err) {
      if (err instanceof CancelledError) throw err;
      const code = (err as { networkCode?: string }).networkCode ?? StringErrorCode.ERR_NETWORK;
      return fail(config, code, undefined, code);
    }

    if (reply.code === 0) return reply.data as T;

    if (reply.code === ErrorCode.E1055_ACCOUNT_CLOSED) {
      cancelAll();
      if (deps.tokens.token() != null) {
        deps.tokens.clearToken();
        ended = true;
        deps.toast(deps.errorText(reply.code, reply.data, reply.msg));
        deps.signedOut('1055');
      }
      throw new CancelledError();
    }

    if (REFRESH_CODES.includes(reply.code)) {
      if (!usedToken) expire(true);
      const current = deps.tokens.token();
      // Another request (or tab) refreshed while this one was in flight or queued: replay with
      // the newer token; this refreshed nothing, so it does not count.
      if (current && current !== usedToken) return request<T>(config);
      if ((config.replays ?? 0) >= MAX_REPLAYS) expire();
      await refreshOnce();
      return request<T>({ ...config, replays: (config.replays ?? 0) + 1 });
    }

    return fail(config, reply.code, reply.data, reply.msg);
  }

  return {
    request,
    get: (url, config) => request({ ...config, method: 'GET', url }),
    post: (url, data, config) => request({ ...config, method: 'POST', url, data }),
    cancelAll,
  };
}
