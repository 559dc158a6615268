import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { TokenStore } from './http-client.ts';

/** Test helpers of the HTTP client: a fake transport and an in-memory token store. */

export type Reply = { status?: number; body: unknown } | 'network' | 'timeout';
export type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

/** A transport that answers like the server: non-2xx status plus the envelope on errors. */
export function fakeAdapter(handler: Handler): AxiosAdapter {
  return async (config) => {
    if (config.signal?.aborted) throw new AxiosError('canceled', AxiosError.ERR_CANCELED, config);
    const reply = await new Promise<Reply>((resolve, reject) => {
      const onAbort = () => reject(new AxiosError('canceled', AxiosError.ERR_CANCELED, config));
      (config.signal as AbortSignal | undefined)?.addEventListener?.('abort', onAbort);
      Promise.resolve(handler(config)).then(resolve, reject);
    });
    if (reply === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (reply === 'timeout') throw new AxiosError('timeout', AxiosError.ECONNABORTED, config);
    const status = reply.status ?? 200;
    const response: AxiosResponse = { data: reply.body, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('bad', AxiosError.ERR_BAD_REQUEST, config, undefined, response);
    return response;
  };
}

export function memoryTokens(
  token: string | null,
  refresh: string | null,
): TokenStore & { state: Record<string, string | null> } {
  const state: Record<string, string | null> = { token, refresh, host: 'https://eu.example' };
  return {
    state,
    token: () => state.token ?? null,
    refreshToken: () => state.refresh ?? null,
    host: () => state.host ?? '',
    updateTokens: (t, r) => {
      state.token = t;
      state.refresh = r;
    },
    clearToken: () => {
      state.token = null;
      state.refresh = null;
    },
    clearSession: () => {
      state.token = null;
      state.refresh = null;
      state.host = null;
    },
  };
}

export const ok = (data: unknown): Reply => ({ body: { code: 0, data, msg: 'ok' } });
export const err = (code: number, status = 400, data: unknown = null): Reply => ({
  status,
  body: { code, data, msg: `E${code}` },
});
