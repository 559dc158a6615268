import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MonitorTag } from '@hmi/domain';
import monitor from '../../i18n/en-us/monitor.json';
import common from '../../i18n/en-us/common.json';
import { LiveValueStore } from '../live/index.ts';
import { MonitorTable } from './MonitorTable.tsx';

const tag = (over: Partial<MonitorTag>): MonitorTag => ({
  tag_id: 1,
  source: 'template',
  point_id: null,
  name: 'speed',
  data_type: 3,
  rw: 2,
  address: '40001',
  unit: 'rpm',
  decimals: 0,
  description: '',
  link: '',
  plc_vendor: '',
  plc_name: '',
  station: 0,
  component_type: '',
  length: 1,
  step: 0,
  config_version: 1,
  config_status: 'match',
  updated_at: null,
  ...over,
});
const templateTag = tag({ tag_id: 1, name: 'speed', rw: 0 });
const point = tag({
  tag_id: 1_000_001,
  source: 'point',
  point_id: 7,
  name: 'level',
  config_status: 'mismatch',
});

let root: Root | undefined;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { monitor, common } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(async () => {
  const r = root;
  if (r) await act(async () => r.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function render(compact: boolean) {
  const handlers = { onWrite: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  const r = root;
  await act(async () =>
    r.render(
      <QueryClientProvider client={new QueryClient()}>
        <MonitorTable
          deviceId={undefined}
          tags={[templateTag, point]}
          values={new LiveValueStore()}
          online
          now={0}
          loading={false}
          compact={compact}
          page={0}
          pageSize={20}
          onPage={() => undefined}
          selected={[]}
          onSelect={() => undefined}
          {...handlers}
        />
      </QueryClientProvider>,
    ),
  );
  return handlers;
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('the monitor table', () => {
  it('offers write on writable tags, edit and delete on points only, and says each config status', async () => {
    const { onWrite, onEdit, onDelete } = await render(false);
    expect(byTestId('write-speed')).toBeNull(); // read-only
    expect(byTestId('edit-speed')).toBeNull(); // a template tag
    await act(async () => byTestId('write-level')!.click());
    await act(async () => byTestId('edit-level')!.click());
    await act(async () => byTestId('delete-level')!.click());
    expect(onWrite).toHaveBeenCalledWith(point);
    expect(onEdit).toHaveBeenCalledWith(point);
    expect(onDelete).toHaveBeenCalledWith(point);
    expect(byTestId('write-level')!.textContent).toBe('Write');
    expect(byTestId('config-speed')!.dataset.status).toBe('match');
    expect(byTestId('config-level')!.dataset.status).toBe('mismatch');
  });

  it('keeps only the write button, without its word, on a phone', async () => {
    await render(true);
    expect(byTestId('write-level')).not.toBeNull();
    expect(byTestId('write-level')!.textContent).toBe('');
    expect(byTestId('edit-level')).toBeNull();
    expect(byTestId('delete-level')).toBeNull();
    expect(byTestId('config-level')).toBeNull();
  });
});
