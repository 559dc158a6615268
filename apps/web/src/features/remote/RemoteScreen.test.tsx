import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RemoteSession } from '@hmi/domain';
import remote from '../../i18n/en-us/remote.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { MemoryRouter } from 'react-router';
import { RemoteScreen } from './RemoteScreen.tsx';

/*
 * The remote screen against a mocked API and a mocked noVNC: the session's mode decides whether
 * noVNC may send input (view only), 1047 asks before it opens with confirm_12g, a failure is
 * told in the status line, and a tunnel closed with 4000 says why the session ended.
 */
const api = vi.hoisted(() => ({
  open: vi.fn(),
  close: vi.fn(),
  session: vi.fn(),
  sessions: vi.fn(),
  status: vi.fn(),
}));
vi.mock('./remote.api.ts', () => ({
  remoteApi: api,
  remoteKeys: { session: (id: number) => ['remote', 'session', id] },
}));

/** noVNC's RFB as the screen uses it: what it was given, and events the test fires. */
class FakeRfb extends EventTarget {
  static made: FakeRfb[] = [];
  viewOnly = false;
  scaleViewport = false;
  focusOnClick = true;
  pasted: string[] = [];
  disconnected = false;
  constructor(
    readonly target: Element,
    readonly channel: FakeSocket,
    readonly options: unknown,
  ) {
    super();
    FakeRfb.made.push(this);
  }
  disconnect() {
    this.disconnected = true;
  }
  clipboardPasteFrom(text: string) {
    this.pasted.push(text);
  }
}
class FakeSocket extends EventTarget {
  constructor(readonly url: string) {
    super();
  }
  /** The server closes the tunnel: the socket's close, then noVNC's disconnect. */
  serverClose(rfb: FakeRfb, code: number, reason: string) {
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
    rfb.dispatchEvent(new CustomEvent('disconnect', { detail: { clean: false } }));
  }
}
vi.mock('./tunnel-connection.ts', () => ({
  loadRfb: () => Promise.resolve(FakeRfb),
  openTunnelSocket: (url: string) => new FakeSocket(url),
  tunnelSocketUrl: (path: string) => `ws://regional.example${path}`,
}));
// Billing hidden (region cn): no start confirmation, no traffic (RemoteScreen.traffic.test.tsx has those).
vi.mock('../billing/index.ts', () => ({
  useBillingAccess: () => () => false,
  useDeviceTraffic: () => ({ data: undefined, isError: false }),
  raSectionHref: (id: number) => `/billing/myAccount?ra=1&device=${id}`,
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

const session = (over: Partial<RemoteSession> = {}): RemoteSession => ({
  session_id: 41,
  tunnel_id: 't-41',
  ws_path: '/v1/ws/tunnel/t-41?token=abc',
  mode: 'operate',
  operator_name: null,
  started_at: Date.now(),
  max_duration_ms: 3_600_000,
  ...over,
});

let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const statusText = () => $('remote-status-text')?.textContent ?? '';
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

async function render(props: { viewOnly?: boolean; isMain?: boolean } = {}) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RemoteScreen deviceId={7} viewOnly={props.viewOnly ?? false} isMain={props.isMain ?? false} />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await settle();
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { remote, common: { cancel: 'Cancel' } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
  FakeRfb.made = [];
  for (const f of Object.values(api)) f.mockReset();
  api.session.mockResolvedValue({
    session_id: 41,
    device_id: 7,
    user_id: 1,
    user_name: 'Owner',
    mode: 'operate',
    target: 'vnc',
    client: 'web',
    started_at: Date.now(),
    ended_at: null,
    bytes_up: 3 * 1024 * 1024,
    bytes_down: 1536 * 1024 * 1024,
    end_reason: null,
  });
  api.close.mockResolvedValue({});
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('remote screen', { timeout: 20_000 }, () => {
  it('operates: noVNC gets the tunnel socket with input on, the status line shows bytes and time left', async () => {
    api.open.mockResolvedValue(session());
    await render();
    expect(api.open).toHaveBeenCalledWith({ device_id: 7 });
    expect(statusText()).toBe('Connecting…');
    const [rfb] = FakeRfb.made;
    expect(rfb?.channel.url).toBe('ws://regional.example/v1/ws/tunnel/t-41?token=abc');
    expect(rfb?.target).toBe($('remote-canvas'));
    expect(rfb?.viewOnly).toBe(false);
    expect(rfb?.scaleViewport).toBe(true);
    await act(async () => rfb?.dispatchEvent(new CustomEvent('connect')));
    expect(statusText()).toBe('Connected: you operate the HMI');
    expect($('remote-bytes')?.textContent).toContain('3.00 MB');
    expect($('remote-bytes')?.textContent).toContain('1.50 GB');
    expect($('remote-time-left')?.textContent).toMatch(/^ ?(59:5\d|1:00:00) left$/);
    expect($('remote-end')).not.toBeNull();
  });

  it('a session that only watches is view only in noVNC and names the operator', async () => {
    api.open.mockResolvedValue(session({ mode: 'view', operator_name: 'Alice' }));
    await render({ isMain: true });
    const [rfb] = FakeRfb.made;
    expect(rfb?.viewOnly).toBe(true);
    await act(async () => rfb?.dispatchEvent(new CustomEvent('connect')));
    expect(statusText()).toBe('View only (operated by Alice)');
    expect($('remote-status')?.dataset.mode).toBe('view');
    // The main account may take over: the current session closes, a new one asks for it.
    api.open.mockResolvedValue(session({ session_id: 42 }));
    await act(async () => $('remote-takeover')?.click());
    await settle();
    expect(api.close).toHaveBeenCalledWith(41);
    expect(api.open).toHaveBeenLastCalledWith({ device_id: 7, takeover: true });
    expect(FakeRfb.made[1]?.viewOnly).toBe(false);
  });

  it('hmi-check only (48) asks for a view-only session; no takeover for a member', async () => {
    api.open.mockResolvedValue(session({ mode: 'view', operator_name: 'Alice' }));
    await render({ viewOnly: true });
    expect(api.open).toHaveBeenCalledWith({ device_id: 7, view_only: true });
    await act(async () => FakeRfb.made[0]?.dispatchEvent(new CustomEvent('connect')));
    expect(FakeRfb.made[0]?.viewOnly).toBe(true);
    expect($('remote-takeover')).toBeNull();
  });

  it('1047 asks about the 12 GB month first, then opens with confirm_12g', async () => {
    api.open.mockRejectedValueOnce(new ApiError(1047, '12G', null, false)).mockResolvedValueOnce(session());
    await render();
    expect(FakeRfb.made).toHaveLength(0);
    expect($('remote-status')?.dataset.phase).toBe('confirm12g');
    expect($('remote-12g-text')?.textContent).toContain('12 GB');
    await act(async () => $('remote-12g-confirm')?.click());
    await settle();
    expect(api.open).toHaveBeenLastCalledWith({ device_id: 7, confirm_12g: true });
    expect(FakeRfb.made).toHaveLength(1);
  });

  it('declining the 12 GB prompt opens nothing and says so', async () => {
    api.open.mockRejectedValueOnce(new ApiError(1047, '12G', null, false));
    await render();
    const cancel = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button')].find(
      (b) => b.textContent === 'Cancel',
    );
    await act(async () => cancel?.click());
    await settle();
    expect(api.open).toHaveBeenCalledTimes(1);
    expect(statusText()).toBe('Could not open: Not opened: the 12 GB prompt was declined.');
  });

  it.each([
    [1038, 'Could not open: E1038'],
    [1024, 'Could not open: E1024'],
    [1046, 'Could not open: E1046'],
    [1057, 'Could not open: E1057'],
  ])('a refusal %s is told in the status line; reconnect tries again', async (code, text) => {
    api.open.mockRejectedValueOnce(new ApiError(code, 'no', null, false));
    await render();
    expect(statusText()).toBe(text);
    expect($('remote-status')?.dataset.phase).toBe('failed');
    expect($('remote-bytes')).toBeNull();
    api.open.mockResolvedValueOnce(session());
    await act(async () => $('remote-reconnect')?.click());
    await settle();
    expect(FakeRfb.made).toHaveLength(1);
  });

  it('a firmware below the minimum gets the version message', async () => {
    api.open.mockRejectedValueOnce(
      new ApiError(
        1006,
        'old',
        {
          where: 'body',
          fields: [{ path: 'device_id', message: 'validation.remote.hmiVersion', params: { ip: '2.1.0' } }],
        },
        false,
      ),
    );
    await render();
    expect(statusText()).toBe('Could not open: HMI version must be at least 2.1.0.');
  });

  it('a tunnel closed with 4000 tells the end reason; end session closes it', async () => {
    api.open.mockResolvedValue(session());
    await render();
    const rfb = FakeRfb.made[0]!;
    await act(async () => rfb.dispatchEvent(new CustomEvent('connect')));
    await act(async () => rfb.channel.serverClose(rfb, 4000, 'max_duration'));
    expect(statusText()).toBe('Ended: the maximum session time was reached');
    expect($('remote-end')).toBeNull();

    api.open.mockResolvedValue(session({ session_id: 43 }));
    await act(async () => $('remote-reconnect')?.click());
    await settle();
    const second = FakeRfb.made[1]!;
    await act(async () => second.dispatchEvent(new CustomEvent('connect')));
    await act(async () => $('remote-end')?.click());
    await settle();
    expect(api.close).toHaveBeenCalledWith(43);
    expect(second.disconnected).toBe(true);
    expect(statusText()).toBe('Ended: the user ended the session');
  });

  it('the clipboard panel sends text to the HMI and shows what the HMI copied', async () => {
    api.open.mockResolvedValue(session());
    await render();
    const rfb = FakeRfb.made[0]!;
    await act(async () => rfb.dispatchEvent(new CustomEvent('connect')));
    await act(async () => $('remote-clipboard')?.click());
    await act(async () => rfb.dispatchEvent(new CustomEvent('clipboard', { detail: { text: 'recipe 12' } })));
    expect($('remote-clipboard-received')?.textContent).toContain('recipe 12');
    const area = $('remote-clipboard-text') as HTMLTextAreaElement;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(area, 'speed=40');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => $('remote-clipboard-send')?.click());
    expect(rfb.pasted).toEqual(['speed=40']);
  });
});
