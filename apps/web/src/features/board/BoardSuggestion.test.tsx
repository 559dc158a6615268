import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BoardReply } from '@hmi/domain';
import board from '../../i18n/en-us/board.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { BoardSuggestion } from './BoardSuggestion.tsx';

/* The empty board's offer: the suggested cards listed by name, one click hands them to be saved. */
const reply = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('./board.api.ts', () => ({
  boardApi: { suggestion: () => Promise.resolve(reply.current) },
  boardKeys: { suggestion: ['board', 'suggestion'] },
}));

const suggestion: BoardReply = {
  cards: [
    {
      id: 's1',
      kind: 'indicator',
      title: '',
      device_id: 1,
      tag_id: 10,
      window_ms: 3_600_000,
      thresholds: { low_alarm: null, low_warn: null, high_warn: null, high_alarm: null },
    },
    { id: 't1', kind: 'trend', title: 'Press', tags: [{ device_id: 1, tag_id: 10 }], window_ms: 3_600_000 },
  ],
  layouts: { lg: [{ i: 's1', x: 0, y: 0, w: 4, h: 3 }] },
  devices: [{ id: 1, name: 'Press', online: 1 }],
  tags: [{ device_id: 1, tag_id: 10, name: 'speed', unit: 'rpm', data_type: 7, decimals: 1 }],
  max_cards: 24,
  indicator_suggested: 3,
  updated_at: 0,
};

let root: Root;
let host: HTMLDivElement;
const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const accepted: unknown[] = [];

async function render() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <BoardSuggestion saving={false} onAccept={(s) => accepted.push(s)} />
      </QueryClientProvider>,
    ),
  );
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

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
  accepted.length = 0;
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('board suggestion', () => {
  it('lists the suggested cards and saves them, with their layouts, in one click', async () => {
    reply.current = suggestion;
    await render();
    expect(q('board-suggestion')?.textContent).toContain('2 cards from 1 of your team’s devices');
    const items = [...q('board-suggestion-cards')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['Press · speedIndicator', 'PressTrend']);
    expect(q('board-empty')).not.toBeNull();
    await act(async () => q('board-suggestion-accept')!.click());
    expect(accepted).toEqual([{ cards: suggestion.cards, layouts: suggestion.layouts }]);
  });

  it('without devices to suggest from, shows the empty board only', async () => {
    reply.current = { ...suggestion, cards: [], layouts: {}, devices: [], tags: [] };
    await render();
    expect(q('board-suggestion')).toBeNull();
    expect(q('board-empty')?.textContent).toBe('Your board is empty. Add an indicator or a trend card.');
  });
});
