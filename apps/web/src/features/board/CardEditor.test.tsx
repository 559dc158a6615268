import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import type { BoardCard } from '@hmi/domain';
import board from '../../i18n/en-us/board.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { CardEditor } from './CardEditor.tsx';
import { NO_THRESHOLDS } from './card-draft.ts';

/*
 * The card editor with the device select and the history screen's tag picker stood in for by
 * plain controls (the real ones search the server): what the user picks becomes the card the
 * board saves.
 */
vi.mock('../../shared/devices/DeviceSelect.tsx', () => ({
  DeviceSelect: ({
    value,
    onChange,
    testId,
  }: {
    value?: number;
    onChange(id?: number): void;
    testId: string;
  }) => (
    <select data-testid={testId} value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
      <option value="">-</option>
      <option value="1">Press</option>
      <option value="2">Oven</option>
    </select>
  ),
}));
vi.mock('../history/index.ts', () => ({
  TagPicker: ({
    tags,
    value,
    onChange,
    testId,
  }: {
    tags: { id: number; name: string }[];
    value: number[];
    onChange(ids: number[]): void;
    testId: string;
  }) => (
    <div data-testid={testId}>
      {tags.map((tg) => (
        <button
          key={tg.id}
          type="button"
          data-tag={tg.id}
          onClick={() =>
            onChange(value.includes(tg.id) ? value.filter((v) => v !== tg.id) : [...value, tg.id])
          }
        >
          {tg.name}
        </button>
      ))}
    </div>
  ),
  useHistoryDevice: (id?: number) => ({
    device: { data: id ? { id, name: id === 1 ? 'Press' : 'Oven' } : undefined },
    tags:
      id === undefined
        ? []
        : [
            { id: 10, name: 'speed', data_type: 1, unit: 'rpm', decimals: 0 },
            { id: 11, name: 'temp', data_type: 7, unit: '°C', decimals: 1 },
          ],
    loadingTags: false,
    tagsFailed: false,
  }),
}));

let root: Root;
let host: HTMLDivElement;
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const saved: BoardCard[] = [];

async function render(cards: BoardCard[], card?: BoardCard) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <CardEditor
        open
        card={card}
        cards={cards}
        newId="c9"
        deviceName={(id) => (id === 1 ? 'Press' : undefined)}
        tagName={() => undefined}
        onCancel={() => undefined}
        onSave={(c) => saved.push(c)}
      />,
    ),
  );
}

async function pickDevice(id: number) {
  const select = q('board-editor-device') as HTMLSelectElement;
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
    setter.call(select, String(id));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const clickTag = async (id: number) =>
  act(async () => q('board-editor-tags')!.querySelector<HTMLButtonElement>(`[data-tag="${id}"]`)!.click());
const save = async () => act(async () => q('board-editor-save')!.click());
const ind = (id: string): BoardCard => ({
  id,
  kind: 'indicator',
  title: '',
  device_id: 1,
  tag_id: 10,
  window_ms: 3_600_000,
  thresholds: NO_THRESHOLDS,
});

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { board } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
  saved.length = 0;
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('card editor', () => {
  it('an indicator: save stays off until a device and a tag are picked, then saves that card', async () => {
    await render([]);
    expect(q('board-editor-save')).toHaveProperty('disabled', true);
    await pickDevice(1);
    expect(q('board-editor-save')).toHaveProperty('disabled', true);
    await clickTag(11);
    expect(q('board-editor-save')).toHaveProperty('disabled', false);
    await save();
    expect(saved).toEqual([{ ...ind('c9'), tag_id: 11 }]);
    expect(q('board-indicator-warning')).toBeNull();
  });

  it('warns past the 3 suggested indicator cards', async () => {
    await render([ind('a'), ind('b'), ind('c')]);
    expect(q('board-indicator-warning')?.textContent).toContain('no more than 3 indicator cards');
  });

  it('a trend takes tags of several devices', async () => {
    await render([]);
    await act(async () =>
      q('board-editor-kind')!.querySelectorAll<HTMLElement>('.ant-segmented-item')[1]!.click(),
    );
    await pickDevice(1);
    await clickTag(10);
    await pickDevice(2);
    await clickTag(10);
    await clickTag(11);
    expect(q('board-editor-pairs')?.textContent).toContain('Press · speed');
    await save();
    expect(saved[0]).toMatchObject({
      id: 'c9',
      kind: 'trend',
      tags: [
        { device_id: 1, tag_id: 10 },
        { device_id: 2, tag_id: 10 },
        { device_id: 2, tag_id: 11 },
      ],
    });
  });

  it('edits a card in place (same id, kind fixed)', async () => {
    await render([ind('a')], ind('a'));
    await clickTag(11);
    await save();
    expect(saved).toEqual([{ ...ind('a'), tag_id: 11 }]);
  });
});
