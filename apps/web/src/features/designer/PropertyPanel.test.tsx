import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  emptyScreenDocument,
  screenWidget,
  type HistoryTagsReply,
  type ScreenDocument,
  type ScreenWidgetInput,
} from '@hmi/domain';
import designer from '../../i18n/en-us/designer.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { historyKeys } from '../history/index.ts';
import type { EditorAction } from './editor-state.ts';
import { PropertyPanel } from './PropertyPanel.tsx';
import { DesignerContext, type DesignerData } from './use-designer-data.ts';

/*
 * The property panel of a numeric widget: its binding picker offers the project's devices (one
 * outside the user's data permissions shown but not choosable), searches them by name, then the
 * chosen device's tags with their type and unit, and hands the editor one binding once both are
 * chosen; the transform fields follow the binding. The tags come from the query cache as the
 * history screen's call leaves them there (no server in this test).
 */

const data: DesignerData = {
  projectId: 3,
  screenId: 11,
  devices: [
    { id: 7, name: 'Boiler', online: 1, visible: true },
    { id: 8, name: 'Press', online: 0, visible: true },
    { id: 9, name: 'Secret', online: 1, visible: false },
  ],
  screens: [{ id: 11, name: 'Main', version: 1, updated_at: 0 }],
  readOnly: false,
};
const tags: HistoryTagsReply = {
  device_id: 7,
  tags: [
    { id: 1, name: 'temperature', data_type: 7, unit: '°C', decimals: 1, source: 'template' },
    { id: 2, name: 'pressure', data_type: 4, unit: 'bar', decimals: 0, source: 'template' },
  ],
};

let root: Root;
let host: HTMLDivElement;
let actions: EditorAction[];
const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

function numeric(extra: Partial<ScreenWidgetInput> = {}): ScreenDocument {
  const widget = screenWidget.parse({
    id: 'temp',
    type: 'numeric',
    x: 0,
    y: 0,
    w: 100,
    h: 40,
    props: {},
    ...extra,
  });
  return { ...emptyScreenDocument(), widgets: [widget] };
}

async function render(doc: ScreenDocument) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(historyKeys.tags(7), tags);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <DesignerContext value={data}>
          <PropertyPanel doc={doc} selection={['temp']} dispatch={(a) => actions.push(a)} />
        </DesignerContext>
      </QueryClientProvider>,
    ),
  );
}

/** Opens a select and answers its options' texts. */
async function open(testId: string): Promise<HTMLElement[]> {
  const select = $(testId)!;
  const target = select.querySelector('.ant-select-selector') ?? select;
  await act(async () => {
    target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const lists = [
    ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
  ];
  return [...(lists.at(-1)?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
}
const texts = (options: HTMLElement[]) => options.map((o) => o.textContent ?? '');
async function choose(options: HTMLElement[], text: string) {
  const option = options.find((o) => (o.textContent ?? '').startsWith(text))!;
  await act(async () => option.click());
}
async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { designer } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  actions = [];
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('PropertyPanel binding picker (numeric widget)', () => {
  it('offers the project devices, then the chosen device tags, and binds once both are chosen', async () => {
    await render(numeric());
    expect($('designer-section-binding')).not.toBeNull();
    expect($('designer-binding-tag')!.className).toContain('disabled');

    const devices = await open('designer-binding-device');
    expect(texts(devices)).toEqual(['Boiler', 'Press', 'Device 9 (not in your data permissions)']);
    expect(devices[2]!.className).toContain('disabled');
    await choose(devices, 'Boiler');
    expect(actions).toEqual([]);

    const tagOptions = await open('designer-binding-tag');
    expect(texts(tagOptions)).toEqual(['temperatureREAL · °C', 'pressureINT16 · bar']);
    await choose(tagOptions, 'pressure');
    expect(actions).toEqual([{ type: 'binding', id: 'temp', binding: { deviceId: 7, tagId: 2 } }]);
  });

  it('searches the devices by name as the user types', async () => {
    await render(numeric());
    await open('designer-binding-device');
    const input = $('designer-binding-device')!.querySelector<HTMLInputElement>('input')!;
    await type(input, 'pre');
    const shown = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map(
      (o) => o.textContent,
    );
    expect(shown).toEqual(['Press']);
  });

  it('shows a bound widget its device and tag, and keeps the binding when the transform changes', async () => {
    await render(numeric({ binding: { deviceId: 7, tagId: 1 } }));
    expect($('designer-binding-device')!.textContent).toContain('Boiler');
    expect($('designer-binding-tag')!.textContent).toContain('temperature');
    const decimals = $('designer-transform')!.querySelectorAll<HTMLInputElement>('input')[2]!;
    expect(decimals.disabled).toBe(false);
    await type(decimals, '2');
    expect(actions.at(-1)).toEqual({
      type: 'binding',
      id: 'temp',
      binding: { deviceId: 7, tagId: 1, transform: { decimals: 2 } },
      merge: 'temp:transform:decimals',
    });
  });

  it('keeps the transform fields off while the widget is not bound', async () => {
    await render(numeric());
    const inputs = [...$('designer-transform')!.querySelectorAll<HTMLInputElement>('input')];
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every((i) => i.disabled)).toBe(true);
  });
});
