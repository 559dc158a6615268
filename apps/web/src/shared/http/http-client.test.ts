import { describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { createHttpClient } from './http-client.ts';
import { err, fakeAdapter, memoryTokens, ok, type Handler, type Reply } from './http-test-helpers.ts';
import { ApiError, CancelledError } from './http-errors.ts';
import { createToastQueue, type ToastBackend } from '../feedback/toast-queue.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(handler: Handler, tokens = memoryTokens('t1', 'r1')) {
  const toast = vi.fn<(text: string) => void>();
  const signedOut = vi.fn();
  const http = createHttpClient({
    tokens,
    toast,
    signedOut,
    errorText: (code, data) =>
      typeof data === 'string' && data.startsWith('E_') ? `text:${data}` : `text:${code}`,
    adapter: fakeAdapter(handler),
  });
  return { http, toast, signedOut, tokens };
}

describe('http client', () => {
  it('sends the token on the regional host under /v1 and unwraps code 0', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const { http } = setup((c) => {
      seen.push(c);
      return ok({ hello: 1 });
    });
    await expect(http.get('/global/getUserInfo')).resolves.toEqual({ hello: 1 });
    expect(seen[0]?.baseURL).toBe('https://eu.example/v1');
    expect(seen[0]?.headers.Authorization).toBe('t1');
    expect(seen[0]?.timeout).toBe(60_000);
    expect(seen[0]?.withCredentials).toBe(true);
  });

  it('refreshes once on 1009 and replays every request that failed meanwhile', async () => {
    let refreshCalls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { http, tokens, toast } = setup(async (c) => {
      if (c.url === '/refreshtoken') {
        refreshCalls += 1;
        expect(c.headers.Authorization).toBe('r1');
        expect(c.params).toEqual({ from: 'web' });
        expect(JSON.parse(c.data as string)).toEqual({ token: 't1' });
        await gate;
        return ok({ token: 't2', refresh_token: 'r2', host: '', region: 'eu' });
      }
      return c.headers.Authorization === 't2' ? ok(c.url) : err(1009, 401);
    });
    const calls = [http.get('/a'), http.get('/b'), http.post('/c', { x: 1 })];
    await tick();
    release();
    await expect(Promise.all(calls)).resolves.toEqual(['/a', '/b', '/c']);
    expect(refreshCalls).toBe(1);
    expect(tokens.state).toMatchObject({ token: 't2', refresh: 'r2' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('also refreshes on 1008', async () => {
    const { http } = setup((c) =>
      c.url === '/refreshtoken'
        ? ok({ token: 't2', refresh_token: 'r2', host: '', region: 'eu' })
        : c.headers.Authorization === 't2'
          ? ok('fine')
          : err(1008, 401),
    );
    await expect(http.get('/x')).resolves.toBe('fine');
  });

  it('a failed refresh clears token and host, cancels silently and signs out with the expired message', async () => {
    const { http, tokens, toast, signedOut } = setup((c) =>
      c.url === '/refreshtoken' ? err(1040, 401) : err(1009, 401),
    );
    const results = await Promise.allSettled([http.get('/a'), http.get('/b')]);
    for (const r of results) expect(r.status === 'rejected' && r.reason).toBeInstanceOf(CancelledError);
    expect(tokens.state).toMatchObject({ token: null, refresh: null, host: null });
    expect(signedOut).toHaveBeenCalledWith('E_INVALID_OR_EXPIRED_TOKEN');
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('text:E_INVALID_OR_EXPIRED_TOKEN');
  });

  it('with no refresh token stored it goes straight to login', async () => {
    const handler = vi.fn((): Reply => err(1009, 401));
    const { http, signedOut, tokens } = setup(handler, memoryTokens('t1', null));
    await expect(http.get('/a')).rejects.toBeInstanceOf(CancelledError);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(signedOut).toHaveBeenCalledWith('E_INVALID_OR_EXPIRED_TOKEN');
    expect(tokens.state.host).toBeNull();
  });

  it('does not loop when the replays are rejected again (two refreshes, then sign-out)', async () => {
    let n = 0;
    const { http, signedOut } = setup((c) => {
      if (c.url === '/refreshtoken')
        return ok({ token: `t${++n + 1}`, refresh_token: 'r', host: '', region: '' });
      return err(1009, 401);
    });
    await expect(http.get('/a')).rejects.toBeInstanceOf(CancelledError);
    expect(n).toBe(2);
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('a replay whose fresh token expired on the way refreshes once more and goes through', async () => {
    let n = 0;
    const { http, signedOut } = setup((c) => {
      if (c.url === '/refreshtoken')
        return ok({ token: `t${++n + 1}`, refresh_token: `r${n + 1}`, host: '', region: '' });
      // t2 expired before its replay arrived; t3 arrives in time.
      return c.headers.Authorization === 't3' ? ok('late') : err(1009, 401);
    });
    await expect(http.get('/a')).resolves.toBe('late');
    expect(n).toBe(2);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('a call refused with a token replaced meanwhile (another tab refreshed) replays without a refresh of its own', async () => {
    let refreshes = 0;
    const tokens = memoryTokens('t1', 'r1');
    const { http, signedOut } = setup((c) => {
      if (c.url === '/refreshtoken') {
        refreshes += 1;
        return ok({ token: 't9', refresh_token: 'r9', host: '', region: '' });
      }
      if (c.headers.Authorization === 't1') {
        // While this call waited in the browser's queue, another tab refreshed twice.
        tokens.updateTokens('t3', 'r3');
        return err(1009, 401);
      }
      return c.headers.Authorization === 't3' ? ok('fine') : err(1009, 401);
    }, tokens);
    await expect(http.get('/a')).resolves.toBe('fine');
    expect(refreshes).toBe(0);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('1055 cancels pending requests, clears the token and signs out once', async () => {
    let hang!: () => void;
    const { http, tokens, signedOut } = setup(async (c) => {
      if (c.url === '/slow') {
        await new Promise<void>((r) => (hang = r));
        return ok('late');
      }
      return err(1055, 403);
    });
    const slow = http.get('/slow');
    await tick();
    const closed = http.get('/closed');
    await expect(closed).rejects.toBeInstanceOf(CancelledError);
    await expect(slow).rejects.toBeInstanceOf(CancelledError);
    hang();
    expect(tokens.state.token).toBeNull();
    expect(signedOut).toHaveBeenCalledExactlyOnceWith('1055');
  });

  it('a call without a token after 1055 keeps the 1055 sign-out (no second one with the expired message)', async () => {
    const { http, signedOut } = setup((c) => (c.headers.Authorization ? err(1055, 403) : err(1009, 401)));
    await expect(http.get('/closed')).rejects.toBeInstanceOf(CancelledError);
    // A query refetch or socket check right after, with no token left.
    await expect(http.get('/after')).rejects.toBeInstanceOf(CancelledError);
    expect(signedOut).toHaveBeenCalledExactlyOnceWith('1055');
  });

  it('manual calls get {code, msg} back and no toast', async () => {
    const { http, toast } = setup(() => err(1004, 400));
    const e = await http.post('/global/login', {}, { manual: true }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 1004, msg: 'E1004', notified: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it('other codes toast the translated message of the code, or of the returned key', async () => {
    const { http, toast } = setup((c) => (c.url === '/a' ? err(1036, 429) : err(1007, 500, 'E_DEV_OFFLINE')));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 1036, notified: true });
    await expect(http.get('/b')).rejects.toMatchObject({ code: 1007 });
    expect(toast.mock.calls).toEqual([['text:1036'], ['text:E_DEV_OFFLINE']]);
  });

  it('network failures and timeouts toast their axios code', async () => {
    const { http, toast } = setup((c) => (c.url === '/a' ? 'network' : 'timeout'));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    await expect(http.get('/b')).rejects.toMatchObject({ code: 'ECONNABORTED' });
    expect(toast.mock.calls).toEqual([['text:ERR_NETWORK'], ['text:ECONNABORTED']]);
  });

  it('cancelled requests reject silently', async () => {
    const { http, toast } = setup(() => new Promise<Reply>(() => undefined));
    const controller = new AbortController();
    const p = http.get('/a', { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toBeInstanceOf(CancelledError);
    const q = http.get('/b');
    http.cancelAll();
    await expect(q).rejects.toBeInstanceOf(CancelledError);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('toast queue', () => {
  function backend() {
    const open = new Map<string, () => void>();
    const api: ToastBackend = {
      open: (key, _text, duration, onClose) => {
        expect(duration).toBe(2.5);
        open.set(key, onClose);
      },
      close: (key) => {
        open.get(key)?.();
        open.delete(key);
      },
    };
    return { api, open };
  }

  it('never shows more than 3 toasts; a fourth closes the oldest', () => {
    const { api, open } = backend();
    const q = createToastQueue(() => api);
    for (let i = 0; i < 7; i++) q.error(`e${i}`);
    expect(open.size).toBe(3);
    expect([...open.keys()]).toEqual(['toast-5', 'toast-6', 'toast-7']);
    expect(q.visible()).toBe(3);
  });

  it('forgets toasts that closed on their own', () => {
    const { api, open } = backend();
    const q = createToastQueue(() => api);
    q.error('a');
    q.error('b');
    open.get('toast-1')?.();
    open.delete('toast-1');
    expect(q.visible()).toBe(1);
  });
});
