import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screenWidgetTypes, type ScreenWidget } from '@hmi/domain';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { initScadaI18n, stubOfflineNetwork } from './scada-test-helpers.ts';
import { everyWidgetScreen, widgetOf } from './scada-test-factories.ts';
import type { LiveCell, WidgetActionEvent } from './widget-types.ts';
import { WidgetView, type WidgetViewProps } from './WidgetView.tsx';

/* Every widget type, designed and running: what it shows, its quality, what a press reports. */

let root: Root;
let host: HTMLDivElement;
let client: QueryClient;
const actions: WidgetActionEvent[] = [];
const q = <T extends Element = HTMLElement>(sel: string) => host.querySelector<T>(sel);
const tid = (id: string) => q(`[data-testid="${id}"]`);

async function render(node: ReactNode) {
  await act(async () => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

const view = (widget: ScreenWidget, extra: Partial<WidgetViewProps> = {}) => (
  <WidgetView widget={widget} mode="run" onAction={(a) => actions.push(a)} {...extra} />
);
const good = (value: number | string | null, ts = 1): LiveCell => ({ value, quality: 'good', ts });

beforeAll(initScadaI18n);
beforeEach(() => {
  stubOfflineNetwork();
  stubLayoutApis();
  actions.length = 0;
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  client.clear();
  vi.unstubAllGlobals();
});

describe('every widget type', () => {
  const widgets = everyWidgetScreen().widgets;

  it('covers the 15 types', () => {
    expect(new Set(widgets.map((w) => w.type))).toEqual(new Set(screenWidgetTypes));
  });

  it.each(widgets.map((w) => [w.type, w] as const))(
    '%s renders designed, with a sample and its binding, inert',
    async (_, w) => {
      await render(<WidgetView widget={w} mode="design" onAction={(a) => actions.push(a)} />);
      const box = tid(`scada-widget-${w.id}`)!;
      expect(box.dataset.type).toBe(w.type);
      expect(box.classList.contains('scada-design')).toBe(true);
      if (w.binding) {
        expect(tid('scada-binding')?.textContent).toBe(
          `Device ${w.binding.deviceId} · tag ${w.binding.tagId}`,
        );
        // The sample is a good value: no quality badge.
        expect(box.dataset.quality).toBe('good');
        expect(tid('scada-quality')).toBeNull();
      } else {
        expect(tid('scada-binding')).toBeNull();
        expect(box.dataset.quality).toBeUndefined();
      }
      for (const b of host.querySelectorAll('button')) await act(async () => b.click());
      expect(actions).toEqual([]);
    },
  );

  it.each(widgets.map((w) => [w.type, w] as const))('%s renders running, with no value yet', async (_, w) => {
    await render(view(w));
    const box = tid(`scada-widget-${w.id}`)!;
    expect(box.dataset.type).toBe(w.type);
    expect(tid('scada-binding')).toBeNull();
    if (w.binding) {
      expect(box.dataset.quality).toBe('none');
      expect(tid('scada-quality')?.textContent).toBe('—');
    } else expect(tid('scada-quality')).toBeNull();
  });
});

describe('values and quality', () => {
  it('shows a numeric value through the transform', async () => {
    await render(view(widgetOf('temp'), { value: good(653) }));
    expect(tid('scada-numeric')?.textContent).toBe('25.3 °C');
    expect(tid('scada-quality')).toBeNull();
  });

  it.each([
    ['stale', 'Stale: no new value for over a minute'],
    ['offline', 'Device offline: last known value'],
    ['denied', 'No permission to read this device'],
  ] as const)('marks a %s value with its badge', async (quality, title) => {
    await render(view(widgetOf('temp'), { value: { value: 653, quality } }));
    expect(tid('scada-widget-temp')?.classList.contains(`scada-q-${quality}`)).toBe(true);
    expect(tid('scada-quality')?.getAttribute('title')).toBe(title);
    expect(tid('scada-quality')?.querySelector('svg')).not.toBeNull();
  });

  it('lights a lamp by its bit, fills a bar and turns a gauge', async () => {
    await render(view(widgetOf('run'), { value: good(8) }));
    expect(tid('scada-lamp')?.dataset.color).toBe('#00FF00');
    await render(view(widgetOf('run'), { value: good(7) }));
    expect(tid('scada-lamp')?.dataset.color).toBe('#333333');
    await render(view(widgetOf('bar'), { value: good(125) }));
    expect(tid('scada-bar')?.dataset.fraction).toBe('0.2500');
    await render(view(widgetOf('gauge'), { value: good(50) }));
    expect(tid('scada-gauge')?.dataset.angle).toBe('120.00');
  });

  it('shows a text tag, and the fixed text while unbound', async () => {
    await render(view(widgetOf('title')));
    expect(tid('scada-text')?.textContent).toBe('Boiler 1');
    const bound = { ...widgetOf('title'), binding: { deviceId: 1, tagId: 1 } } as ScreenWidget;
    await render(view(bound, { value: good('AUTO') }));
    expect(tid('scada-text')?.textContent).toBe('AUTO');
  });

  it('appends live values to a running trend, and draws a sample while designed', async () => {
    await render(view(widgetOf('trend'), { value: good(10, Date.now() - 1000) }));
    await render(view(widgetOf('trend'), { value: good(20, Date.now()) }));
    // Redrawn at most once a second.
    await act(async () => new Promise((r) => setTimeout(r, 1100)));
    expect(Number(tid('scada-trend')?.dataset.points)).toBe(2);
    await render(<WidgetView widget={widgetOf('trend')} mode="design" />);
    expect(tid('scada-trend')?.dataset.points).toBe('60');
  });

  it('says a running trend draws live values alone when its history cannot be read', async () => {
    await render(view(widgetOf('trend'), { value: good(10, Date.now()) }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(tid('scada-trend-live-only')?.textContent).toBe('Live values only: the history could not be read');
  });

  it("draws the window's history, then the live values", async () => {
    const now = 1_700_000_000_000;
    vi.useFakeTimers({ toFake: ['Date'], now });
    const series = {
      tag_id: 3,
      t: [0, 1, 2],
      n: [1, 1, 1],
      min: [1, 2, 3],
      max: [1, 2, 3],
      first: [1, 2, 3],
    };
    client.setQueryData(['scada', 'trend', 8, 3, 60, now], {
      from: now - 60_000,
      to: now,
      origin: now - 60_000,
      bucket_ms: 1000,
      source: 'raw',
      series: [
        {
          ...series,
          last: [1, 2, 3],
          first_ts: [0, 0, 0],
          last_ts: [now - 90_000, now - 30_000, now - 20_000],
        },
      ],
    });
    await render(view(widgetOf('trend'), { value: good(50, now - 10_000) }));
    await act(async () => new Promise((r) => setTimeout(r, 1100)));
    // The first bucket lies outside the minute's window.
    expect(tid('scada-trend')?.dataset.points).toBe('3');
    expect(tid('scada-trend-live-only')).toBeNull();
    vi.useRealTimers();
  });
});
