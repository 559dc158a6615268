import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AlarmRecordListReply } from '@hmi/domain';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { initScadaI18n, stubOfflineNetwork } from './scada-test-helpers.ts';
import { widgetOf } from './scada-test-factories.ts';
import { ScreenRuntimeContext } from './screen-context.ts';
import { scadaKeys } from './scada.api.ts';
import type { LiveCell, WidgetActionEvent } from './widget-types.ts';
import { WidgetView, type WidgetViewProps } from './WidgetView.tsx';

/* Running widgets report presses and inputs as the write route takes them; media and alarms load. */

let root: Root;
let host: HTMLDivElement;
let client: QueryClient;
const actions: WidgetActionEvent[] = [];
const tid = <T extends HTMLElement = HTMLElement>(id: string) =>
  host.querySelector<T>(`[data-testid="${id}"]`);
const good = (value: number | string | null): LiveCell => ({ value, quality: 'good', ts: 1 });
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

async function render(node: ReactNode) {
  await act(async () => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
  await settle();
}
const run = (id: string, extra: Partial<WidgetViewProps> = {}) => (
  <WidgetView widget={widgetOf(id)} mode="run" onAction={(a) => actions.push(a)} {...extra} />
);

/** Types into an input as a user would (React listens to the native input event). */
async function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    input.focus();
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
/** A key pressed (down, and up unless `kind` names one of them). */
const key = (el: Element, k: string, kind?: 'keydown' | 'keyup') =>
  act(async () => {
    for (const e of kind ? [kind] : ['keydown', 'keyup'])
      el.dispatchEvent(new KeyboardEvent(e, { key: k, bubbles: true }));
  });
const pointer = (el: Element, kind: string) =>
  act(async () => {
    el.dispatchEvent(new Event(kind, { bubbles: true }));
  });

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

describe('presses', () => {
  it('runs a button: click actions on click, momentary ones on press and release (once each)', async () => {
    await render(run('start'));
    const button = tid('scada-button')!;
    await pointer(button, 'pointerdown');
    await pointer(button, 'pointerup');
    await pointer(button, 'pointercancel');
    await act(async () => button.click());
    expect(actions).toEqual([
      { widgetId: 'start', action: 1, pressed: true },
      { widgetId: 'start', action: 1, pressed: false },
      { widgetId: 'start', action: 0 },
      { widgetId: 'start', action: 2 },
      { widgetId: 'start', action: 3 },
    ]);
    actions.length = 0;
    await key(button, ' ', 'keydown');
    await key(button, ' ', 'keyup');
    expect(actions).toEqual([
      { widgetId: 'start', action: 1, pressed: true },
      { widgetId: 'start', action: 1, pressed: false },
    ]);
  });

  it('asks a switch for the other state, and a nav button for its screen', async () => {
    await render(run('pump', { value: good(1) }));
    expect(tid('scada-switch')?.getAttribute('aria-checked')).toBe('true');
    await act(async () => tid('scada-switch')!.click());
    await render(run('pump', { value: good(0) }));
    await act(async () => tid('scada-switch')!.click());
    await render(run('next'));
    await act(async () => tid('scada-nav')!.click());
    expect(actions).toEqual([
      { widgetId: 'pump', value: false },
      { widgetId: 'pump', value: true },
      { widgetId: 'next' },
    ]);
  });
});

describe('inputs', () => {
  it('shows the engineering value and writes the raw one on Enter, refusing out of range', async () => {
    // scale 0.1, raw bounds 0..1000: 0..100 as typed.
    await render(run('sp', { value: good(420) }));
    const input =
      tid<HTMLInputElement>('scada-numeric-input')!.querySelector('input') ??
      tid<HTMLInputElement>('scada-numeric-input')!;
    expect(input.value).toBe('42');
    await type(input, '150');
    await key(input, 'Enter');
    expect(actions).toEqual([]);
    expect(host.querySelector('.ant-input-number-status-error')).not.toBeNull();
    await type(input, '25.3');
    await key(input, 'Enter');
    expect(actions).toEqual([{ widgetId: 'sp', value: 253 }]);
    // Escape puts the live value back.
    await type(input, '7');
    await key(input, 'Escape');
    expect(input.value).toBe('42');
  });

  it('writes text on Enter when long enough', async () => {
    await render(run('name', { value: good('AB') }));
    const input = tid<HTMLInputElement>('scada-text-input')!;
    expect(input.value).toBe('AB');
    await type(input, 'X');
    await key(input, 'Enter');
    expect(actions).toEqual([]);
    expect(input.getAttribute('title')).toBe('Enter at least 2 characters');
    expect(input.isConnected).toBe(true);
    await type(input, 'XYZ');
    await key(input, 'Enter');
    expect(actions).toEqual([{ widgetId: 'name', value: 'XYZ' }]);
  });

  it('ignores input while designed', async () => {
    await render(<WidgetView widget={widgetOf('name')} mode="design" onAction={(a) => actions.push(a)} />);
    const input = tid<HTMLInputElement>('scada-text-input')!;
    expect(input.readOnly).toBe(true);
    await key(input, 'Enter');
    expect(actions).toEqual([]);
  });
});

describe('media', () => {
  it('shows an image from its asset URL, a placeholder without one', async () => {
    await render(run('logo'));
    expect(tid('scada-missing-asset')?.textContent).toContain('Picture #31 is not available');
    // '' while the caller still loads the file: nothing is fetched.
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await render(run('pid', { assetUrl: () => '' }));
    expect(fetch).not.toHaveBeenCalled();
    expect(tid('scada-missing-asset')).not.toBeNull();
    await render(run('logo', { assetUrl: (id) => `/assets/${id}.png` }));
    expect(tid<HTMLImageElement>('scada-image')?.getAttribute('src')).toBe('/assets/31.png');
  });

  it('inlines a drawing and drives its marks from the widget binding and their own', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect id="valve" width="5" height="5"/><text id="flow">0</text><script>x()</script></svg>`;
    const fetch = vi.fn(async () => new Response(svg, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const marks = new Map([['10:2', good(12.5)]]);
    await render(run('pid', { value: good(1), marks, assetUrl: (id) => `/assets/${id}.svg` }));
    await settle();
    expect(fetch).toHaveBeenCalledWith('/assets/32.svg', expect.anything());
    const drawing = tid('scada-svg')!;
    expect(drawing.querySelector('script')).toBeNull();
    expect(drawing.querySelector<SVGElement>('#valve')?.style.getPropertyValue('fill')).toMatch(
      /#00ff00|rgb\(0, 255, 0\)/i,
    );
    expect(drawing.querySelector('#flow')?.textContent).toBe('12.5');
    await render(run('pid', { value: good(0), marks, assetUrl: (id) => `/assets/${id}.svg` }));
    expect(drawing.querySelector<SVGElement>('#valve')?.style.getPropertyValue('fill')).toMatch(
      /#808080|rgb\(128, 128, 128\)/i,
    );
  });

  it('says so when the drawing cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    await render(run('pid', { assetUrl: (id) => `/assets/${id}.svg` }));
    // One retry, a second later.
    await act(async () => new Promise((r) => setTimeout(r, 1200)));
    expect(tid('scada-missing-asset')?.textContent).toContain('Drawing #32 could not be shown');
  });
});

describe('alarm list', () => {
  const reply = (deviceId: number, ids: number[]): AlarmRecordListReply => ({
    total: ids.length,
    list: ids.map((id) => ({
      id,
      device_id: deviceId,
      device_name: `Press ${deviceId}`,
      rule_id: 1,
      rule_name: 'r',
      group_id: null,
      group_name: null,
      tag_id: 1,
      tag_name: 't',
      level: 16,
      type: 1,
      state: 1,
      content: `Overheat ${id}`,
      value: '1',
      last_value: '1',
      times: 1,
      raised_at: id * 1000,
      acked_at: null,
      acked_by: null,
      ack_comment: null,
      recovered_at: null,
    })),
  });

  it("lists the project devices' active alarms, newest first", async () => {
    client.setQueryData(scadaKeys.alarms(1, 5), reply(1, [1, 4]));
    client.setQueryData(scadaKeys.alarms(2, 5), reply(2, [3]));
    await render(
      <ScreenRuntimeContext value={{ deviceIds: [1, 2], shared: false }}>
        {run('alarms')}
      </ScreenRuntimeContext>,
    );
    const rows = [...host.querySelectorAll('[data-testid="scada-alarm-row"]')];
    expect(rows.map((r) => r.children[3]?.textContent)).toEqual(['Overheat 4', 'Overheat 3', 'Overheat 1']);
    expect(rows[0]?.children[2]?.textContent).toBe('Critical');
  });

  it('asks nothing through a share link (no session): it says alarms are for signed-in users', async () => {
    client.setQueryData(scadaKeys.alarms(1, 5), reply(1, [1]));
    await render(
      <ScreenRuntimeContext value={{ deviceIds: [1], shared: true }}>{run('alarms')}</ScreenRuntimeContext>,
    );
    expect(host.querySelectorAll('[data-testid="scada-alarm-row"]')).toHaveLength(0);
    expect(tid('scada-alarm-list')?.textContent).toContain('signed-in users');
  });

  it('says there are none without devices, and shows samples while designed', async () => {
    await render(run('alarms'));
    expect(tid('scada-alarm-list')?.textContent).toContain('No active alarms');
    await render(<WidgetView widget={widgetOf('alarms')} mode="design" />);
    expect(host.querySelectorAll('[data-testid="scada-alarm-row"]')).toHaveLength(3);
  });
});
