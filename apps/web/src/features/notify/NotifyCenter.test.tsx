import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AlarmLevel, type AlarmRecord } from '@hmi/domain';
import NotifyCenter from './NotifyCenter.tsx';
import message from '../../i18n/en-us/message.json';
import alarm from '../../i18n/en-us/alarm.json';
import terms from '@hmi/domain/i18n/terms.en-us.json';

/** The browser's WebSocket as the notify socket uses it; the test plays the server. */
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  deliver(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}

const record = (over: Partial<AlarmRecord> = {}): AlarmRecord => ({
  id: 41,
  device_id: 2,
  device_name: 'Boiler_3',
  rule_id: 3,
  rule_name: 'steam_pressure',
  group_id: null,
  group_name: null,
  tag_id: 4,
  tag_name: 'pressure',
  level: AlarmLevel.Critical,
  type: 2,
  state: 1,
  content: 'Boiler_3 pressure 12.5 bar',
  value: '12.5',
  last_value: '12.5',
  times: 1,
  raised_at: 1_700_000_000_000,
  acked_at: null,
  acked_by: null,
  ack_comment: null,
  recovered_at: null,
  ...over,
});

let root: Root;
let host: HTMLDivElement;
let client: QueryClient;
const socket = () => FakeWebSocket.all.at(-1)!;
const banners = () => [...host.querySelectorAll('[data-testid="critical-banner"]')];

async function mount(path = '/') {
  client = new QueryClient();
  const router = createMemoryRouter([{ path: '*', element: <NotifyCenter /> }], {
    initialEntries: [path],
  });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await act(async () => socket().accept());
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { message, alarm, terms } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  localStorage.setItem('hmicloud_1.0.4_TOKEN', 't1');
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('NotifyCenter', () => {
  it('opens one notify socket and reports its state', async () => {
    await mount();
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(socket().url).toContain('/v1/ws/notify?token=t1');
    expect(host.querySelector('[data-testid="notify-center"]')?.getAttribute('data-status')).toBe('open');
  });

  it('a counts frame refreshes the badge counts and the message lists', async () => {
    await mount();
    client.setQueryData(['session', 'messageCounts'], { stale: false });
    client.setQueryData(['messages', 'today'], { list: [] });
    client.setQueryData(['alarm', 'records', {}], { list: [] });
    await act(async () => socket().deliver({ type: 'counts' }));
    expect(client.getQueryState(['session', 'messageCounts'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['messages', 'today'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['alarm', 'records', {}])?.isInvalidated).toBe(false);
  });

  it('an access frame invalidates every query: the user info (menu, buttons) and the device lists', async () => {
    await mount();
    client.setQueryData(['session', 'userInfo'], { permissions: [2] });
    client.setQueryData(['device', 'list', {}], { list: [] });
    client.setQueryData(['template', 'list'], { list: [] });
    await act(async () => socket().deliver({ type: 'access' }));
    // The user info first; every other query once the screen followed it.
    expect(client.getQueryState(['session', 'userInfo'])?.isInvalidated).toBe(true);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    for (const key of [
      ['session', 'userInfo'],
      ['device', 'list', {}],
      ['template', 'list'],
    ])
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('a raised critical alarm shows a banner with device, rule and content; later events update it; dismiss hides it', async () => {
    await mount();
    client.setQueryData(['alarm', 'records', {}], { list: [] });
    await act(async () =>
      socket().deliver({
        type: 'alarm',
        event: 'raised',
        level: AlarmLevel.Severe,
        record: record({ id: 1, level: 8 }),
      }),
    );
    expect(banners()).toHaveLength(0);
    expect(client.getQueryState(['alarm', 'records', {}])?.isInvalidated).toBe(true);

    await act(async () => socket().deliver({ type: 'alarm', event: 'raised', level: 16, record: record() }));
    expect(banners()).toHaveLength(1);
    const text = banners()[0]!.textContent ?? '';
    expect(text).toContain('Boiler_3');
    expect(text).toContain('steam_pressure');
    expect(text).toContain('Boiler_3 pressure 12.5 bar');
    expect(text).toContain('Critical');
    expect(text).toContain('pressure = 12.5');
    const link = banners()[0]!.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/message/msgAlarm');
    expect(link?.textContent).toBe('Alarm messages');

    await act(async () =>
      socket().deliver({
        type: 'alarm',
        event: 'acked',
        level: 16,
        record: record({ state: 2, acked_by: 'ann' }),
      }),
    );
    expect(banners()[0]!.querySelector('[data-state="2"]')?.textContent).toBe('Acknowledged');
    // Answered: no longer red.
    expect(banners()[0]!.classList.contains('ant-alert-error')).toBe(false);
    expect(banners()[0]!.classList.contains('ant-alert-warning')).toBe(true);

    const close = banners()[0]!.querySelector<HTMLButtonElement>('.ant-alert-close-icon');
    await act(async () => close?.click());
    expect(banners()).toHaveLength(0);
  });

  it('lies over a live remote screen (the page does not move), and pushes other pages down', async () => {
    await mount('/device/remote?id=7');
    const center = () => host.querySelector<HTMLElement>('[data-testid="notify-center"]')!;
    await act(async () => socket().deliver({ type: 'alarm', event: 'raised', level: 16, record: record() }));
    expect(banners()).toHaveLength(1);
    expect(center().dataset.overlay).toBe('true');
    expect(center().classList.contains('is-overlay')).toBe(true);
    await act(async () => root.unmount());
    host.remove();
    await mount('/device/devicelist');
    expect(center().dataset.overlay).toBe('false');
  });

  it('the banner clears when the alarm recovers (after it was acknowledged)', async () => {
    await mount();
    await act(async () => socket().deliver({ type: 'alarm', event: 'raised', level: 16, record: record() }));
    expect(banners()).toHaveLength(1);
    expect(banners()[0]!.classList.contains('ant-alert-error')).toBe(true);
    await act(async () =>
      socket().deliver({
        type: 'alarm',
        event: 'acked',
        level: 16,
        record: record({ state: 2, acked_at: 1_700_000_060_000, acked_by: 'ann' }),
      }),
    );
    expect(banners()).toHaveLength(1);
    await act(async () =>
      socket().deliver({
        type: 'alarm',
        event: 'recovered',
        level: 16,
        record: record({
          state: 4,
          acked_at: 1_700_000_060_000,
          acked_by: 'ann',
          recovered_at: 1_700_000_120_000,
        }),
      }),
    );
    expect(banners()).toHaveLength(0);
    expect(host.querySelector('[data-testid="critical-banners"]')).toBeNull();
  });

  it('a malformed frame changes nothing', async () => {
    await mount();
    await act(async () => socket().deliver({ type: 'alarm', event: 'raised', level: 16, record: { id: 1 } }));
    expect(banners()).toHaveLength(0);
  });
});
