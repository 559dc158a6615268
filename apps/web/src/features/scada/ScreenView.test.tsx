import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useRef, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProjectDevice, ScreenTagRef } from '@hmi/domain';
import { LiveValueStore } from '../live/index.ts';
import { initScadaI18n, stubOfflineNetwork } from './scada-test-helpers.ts';
import { everyWidgetScreen } from './scada-test-factories.ts';
import { DeviceAccessStore, StaleClock, type ScreenLive } from './screen-live.ts';
import { ScreenView } from './ScreenView.tsx';
import { useCells, usePaintedCell } from './use-screen-live.ts';
import { widgetOf } from './scada-test-factories.ts';

/* A whole screen: scaled into its space, in z order, live values over the tab's one socket. */

let root: Root;
let host: HTMLDivElement;
let client: QueryClient;
let space = { width: 375, height: 600 };
const tid = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** A socket that connects when told and hands the client what the test sends. */
class FakeSocket {
  static all: FakeSocket[] = [];
  /** The newest socket, kept across tests (the tab's socket outlives a test). */
  static latest: FakeSocket | undefined;
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    FakeSocket.latest = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

async function render(node: ReactNode) {
  await act(async () => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeAll(initScadaI18n);
beforeEach(() => {
  stubOfflineNetwork();
  space = { width: 375, height: 600 };
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly cb: ResizeObserverCallback) {}
      // The screen's space only: a trend's box stays unmeasured (jsdom draws no canvas).
      observe(el: Element) {
        if (!el.classList.contains('scada-screen')) return;
        this.cb(
          [{ contentRect: space } as unknown as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      disconnect() {}
    },
  );
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } },
  });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const devices: ProjectDevice[] = [
  { id: 7, name: 'Press', online: 1, visible: true },
  { id: 8, name: 'Tank', online: 0, visible: true },
  { id: 10, name: 'Pumps', online: 1, visible: false },
];

describe('ScreenView', () => {
  it('fits a 1920 x 1080 screen on a 375 px phone, whatever its scale, widgets in z order', async () => {
    const doc = everyWidgetScreen({ size: { width: 1920, height: 1080 }, scale: 'fixed' });
    await render(<ScreenView doc={doc} devices={devices} mode="design" />);
    expect(tid('scada-screen')?.dataset.scale).toBe('fit');
    const stage = tid('scada-stage')!;
    expect(stage.style.transform).toBe('scale(0.1953125, 0.1953125)');
    expect(stage.style.width).toBe('1920px');
    expect(parseFloat(stage.style.top)).toBeCloseTo((600 - 210.9375) / 2, 6);
    // z runs from 15 (first widget) down to 1: drawn last to first.
    const order = [...stage.querySelectorAll<HTMLElement>('.scada-widget')].map((w) => w.dataset.testid);
    expect(order[0]).toBe('scada-widget-next');
    expect(order[order.length - 1]).toBe('scada-widget-title');
    expect(order).toHaveLength(15);
  });

  it('stretches a fill screen on a wide space, and draws its background', async () => {
    space = { width: 1280, height: 400 };
    const doc = everyWidgetScreen({ scale: 'fill', background: { color: '#102030', imageAssetId: 5 } });
    await render(<ScreenView doc={doc} devices={devices} mode="design" assetUrl={(id) => `/a/${id}`} />);
    const stage = tid('scada-stage')!;
    expect(stage.style.transform).toBe('scale(1, 0.5)');
    expect(stage.style.backgroundImage).toBe('url("/a/5")');
    expect(stage.style.backgroundColor).toBe('rgb(16, 32, 48)');
  });

  it('subscribes exactly the bound pairs and shows their values with quality', async () => {
    await render(<ScreenView doc={everyWidgetScreen()} devices={devices} mode="run" />);
    const socket = FakeSocket.all[FakeSocket.all.length - 1]!;
    await act(async () => socket.open());
    const subscribe = socket.sent.find((m) => (m as { type: string }).type === 'subscribe') as {
      tags: { device_id: number; tag_id: number }[];
    };
    const pairs = subscribe.tags.map((p) => `${p.device_id}:${p.tag_id}`);
    // Widget bindings, svg marks and button actions; nothing else.
    expect(pairs).toEqual([
      '7:1',
      '7:2',
      '7:4',
      '7:5',
      '7:6',
      '7:7',
      '8:1',
      '8:2',
      '8:3',
      '9:1',
      '10:1',
      '10:2',
    ]);
    expect(tid('scada-widget-temp')?.dataset.quality).toBe('none');
    await act(async () =>
      socket.receive({ type: 'data', page: 0, items: [{ device_id: 7, tag_id: 1, ts: 5, value: 653 }] }),
    );
    expect(tid('scada-numeric')?.textContent).toBe('25.3 °C');
    expect(tid('scada-widget-temp')?.dataset.quality).toBe('good');
    // Device 8 is offline, device 10 not the caller's.
    expect(tid('scada-widget-bar')?.dataset.quality).toBe('offline');
    expect(tid('scada-widget-pid')?.dataset.quality).toBe('denied');
    await act(async () => socket.receive({ type: 'act', act: 'online', device_id: 8, ts: 6 }));
    expect(tid('scada-widget-bar')?.dataset.quality).toBe('none');
  });

  it('paints new values into painted widgets, and shows their quality changes', async () => {
    await render(<ScreenView doc={everyWidgetScreen()} devices={devices} mode="run" />);
    // The tab's socket of the test before, still open (or a new one).
    const socket = FakeSocket.latest!;
    if (socket.readyState !== 1) await act(async () => socket.open());
    const item = (value: number, ts: number) => ({ device_id: 7, tag_id: 1, ts, value });
    const lamp = (value: number, ts: number) => ({ device_id: 7, tag_id: 2, ts, value });
    await act(async () => socket.receive({ type: 'data', page: 0, items: [item(653, 50), lamp(0, 50)] }));
    expect(tid('scada-widget-temp')?.dataset.quality).toBe('good');
    expect(tid('scada-widget-run')?.dataset.quality).toBe('good');
    expect(tid('scada-lamp')?.dataset.color).toBe('#333333');
    await act(async () => socket.receive({ type: 'data', page: 0, items: [item(700, 60), lamp(8, 60)] }));
    expect(tid('scada-numeric')?.textContent).toBe('30.0 °C');
    expect(tid('scada-lamp')?.dataset.color).toBe('#00FF00');
    await act(async () => socket.receive({ type: 'act', act: 'offline', device_id: 7, ts: 70 }));
    expect(tid('scada-widget-temp')?.dataset.quality).toBe('offline');
    expect(tid('scada-numeric')?.textContent).toBe('30.0 °C');
  });

  it('reads denied everywhere without the monitor permission', async () => {
    await render(<ScreenView doc={everyWidgetScreen()} devices={devices} mode="run" canMonitor={false} />);
    expect(tid('scada-widget-temp')?.dataset.quality).toBe('denied');
  });
});

describe('useCells', () => {
  it('re-renders a widget when its own tag changes, not when another does', async () => {
    const stores = new Map<number, LiveValueStore>();
    const store = (id: number) => stores.get(id) ?? stores.set(id, new LiveValueStore()).get(id)!;
    const live: ScreenLive = {
      store,
      devices: new DeviceAccessStore([{ id: 1, online: 1, visible: true }], true),
      clock: new StaleClock(),
    };
    const renders = { a: 0, b: 0 };
    function Probe({ name, refs }: { name: 'a' | 'b'; refs: ScreenTagRef[] }) {
      renders[name] += 1;
      const cells = useCells(live, refs);
      return <span data-testid={name}>{String(cells.get(`1:${refs[0]!.tagId}`)?.value)}</span>;
    }
    const a = [{ deviceId: 1, tagId: 1 }];
    const b = [{ deviceId: 1, tagId: 2 }];
    await render(
      <>
        <Probe name="a" refs={a} />
        <Probe name="b" refs={b} />
      </>,
    );
    const before = { ...renders };
    await act(async () => store(1).put([{ tag_id: 1, ts: 1, value: 3 }], Date.now()));
    expect(tid('a')?.textContent).toBe('3');
    expect(renders.a).toBe(before.a + 1);
    expect(renders.b).toBe(before.b);
    // The same sample again: nothing changes, nothing renders.
    await act(async () => store(1).put([{ tag_id: 1, ts: 1, value: 3 }], Date.now()));
    expect(renders.a).toBe(before.a + 1);
  });
  it('paints a painted widget without rendering it, and renders it when its quality changes', async () => {
    const store = new LiveValueStore();
    const access = new DeviceAccessStore([{ id: 7, online: 1, visible: true }], true);
    const live: ScreenLive = { store: () => store, devices: access, clock: new StaleClock() };
    const temp = widgetOf('temp');
    let renders = 0;
    function Probe() {
      renders += 1;
      const box = useRef<HTMLDivElement>(null);
      usePaintedCell(live, temp, box);
      return (
        <div ref={box}>
          <div className="scada-text">
            <span data-testid="painted">—</span>
          </div>
        </div>
      );
    }
    await render(<Probe />);
    const first = renders;
    await act(async () => store.put([{ tag_id: 1, ts: 1, value: 653 }], Date.now()));
    expect(tid('painted')?.textContent).toBe('25.3 °C');
    // none -> good: one render for the quality.
    expect(renders).toBe(first + 1);
    await act(async () => store.put([{ tag_id: 1, ts: 2, value: 700 }], Date.now()));
    await act(async () => store.put([{ tag_id: 1, ts: 3, value: 710 }], Date.now()));
    expect(tid('painted')?.textContent).toBe('31.0 °C');
    expect(renders).toBe(first + 1);
    await act(async () => access.setOnline(7, 0));
    expect(renders).toBe(first + 2);
  });

  it('runs on a 375 px phone as a flow of the same widgets in reading order, none wider than the phone', async () => {
    const doc = everyWidgetScreen({ size: { width: 1920, height: 1080 }, scale: 'fit' });
    // No monitor right: no socket (the tab's socket would outlive this test into the next one).
    await render(<ScreenView doc={doc} devices={devices} mode="run" canMonitor={false} />);
    expect(tid('scada-screen')?.dataset.scale).toBe('flow');
    expect(tid('scada-stage')).toBeNull();
    const items = [...tid('scada-flow')!.querySelectorAll<HTMLElement>('.scada-flow-item')];
    expect(items).toHaveLength(doc.widgets.length);
    for (const item of items) expect(parseFloat(item.style.width)).toBeLessThanOrEqual(375 - 16);
    const ids = items.map((i) => i.querySelector<HTMLElement>('.scada-widget')?.dataset.testid);
    const byTop = [...doc.widgets].sort((a, b) => a.y - b.y || a.x - b.x)[0]!;
    expect(ids[0]).toBe(`scada-widget-${byTop.id}`);
  });
});
