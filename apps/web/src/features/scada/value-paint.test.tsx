import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { screenWidget, type ScreenWidget } from '@hmi/domain';
import { widgetOf } from './scada-test-factories.ts';
import { isPainted, painterFor } from './value-paint.ts';
import type { LiveCell } from './widget-types.ts';
import { WidgetView } from './WidgetView.tsx';
import { initScadaI18n } from './scada-test-helpers.ts';

/*
 * A painted widget (value-paint.ts) must read exactly as React would have drawn it: a body drawn
 * from one value and painted with another is, node for node, the body drawn from the other.
 */

let roots: Root[] = [];
let hosts: HTMLDivElement[] = [];

async function drawn(widget: ScreenWidget, cell: LiveCell): Promise<HTMLDivElement> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  hosts.push(host);
  roots.push(root);
  await act(async () => root.render(<WidgetView widget={widget} value={cell} mode="run" />));
  return host;
}

const good = (value: LiveCell['value']): LiveCell => ({ value, quality: 'good', ts: 1 });

const boundText = screenWidget.parse({
  id: 'msg',
  type: 'text',
  x: 0,
  y: 0,
  w: 200,
  h: 40,
  props: { text: 'fixed' },
  binding: { deviceId: 7, tagId: 9, transform: { format: 'state: {value}' } },
});
const across = { ...widgetOf('bar'), w: 300, h: 20 } as ScreenWidget;
const painted = [boundText, widgetOf('temp'), widgetOf('run'), widgetOf('bar'), across, widgetOf('gauge')];
const values: LiveCell['value'][] = [0, 653, -40.25, 8, 7, 1e9, '18446744073709551615', 'RUN', '', null];

beforeAll(initScadaI18n);
beforeEach(() => {
  roots = [];
  hosts = [];
});
afterEach(async () => {
  for (const r of roots) await act(async () => r.unmount());
  for (const h of hosts) h.remove();
});

describe('painted widgets', () => {
  it('are the bound text, numeric, lamp, bar and gauge widgets, nothing else', () => {
    expect(painted.every(isPainted)).toBe(true);
    expect(isPainted(widgetOf('title'))).toBe(false);
    for (const id of ['trend', 'sp', 'name', 'start', 'pump']) expect(isPainted(widgetOf(id))).toBe(false);
  });

  it('read, painted over any earlier value, exactly as React draws the new one', async () => {
    for (const widget of painted) {
      if (!isPainted(widget)) throw new Error('not painted');
      const expected = new Map<LiveCell['value'], string>();
      for (const to of values) expected.set(to, (await drawn(widget, good(to))).innerHTML);
      for (const from of values) {
        const host = await drawn(widget, good(from));
        const paint = painterFor(widget, host);
        expect(paint, widget.type).not.toBeNull();
        for (const to of values) {
          paint!(good(to));
          expect(host.innerHTML, `${widget.type} ${String(from)} -> ${String(to)}`).toBe(expected.get(to));
        }
      }
    }
  });

  it('writes nothing when the value reads the same', async () => {
    const host = await drawn(widgetOf('temp'), good(653));
    const paint = painterFor(widgetOf('temp') as Parameters<typeof painterFor>[0], host)!;
    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((m) => writes.push(...m));
    observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
    paint(good(653));
    paint({ value: 653, quality: 'good', ts: 2 });
    paint(good(654));
    await Promise.resolve();
    observer.disconnect();
    // Only the third: one text node's data.
    expect(writes.map((w) => w.type)).toEqual(['characterData']);
  });
});
