import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DeviceListItem } from '@hmi/domain';
import device from '../../i18n/en-us/device.json';
import { DeviceTable } from './DeviceTable.tsx';
import { parseListParams } from './device-list-params.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';

/*
 * Permission audit (SPEC section 6): every viewer of the list gets a row menu (history needs only
 * device view, which the list needs); monitor only with 47; edit, labels, move, template only
 * with 4; unbind only with 5; the remote screen of an HMI with hmi 6 or hmi-check 48 (the caller
 * passes `canRemote`, remote-rights.test.ts covers the rule), never on a gateway.
 */
const item: DeviceListItem = {
  id: 7,
  name: 'Press_7',
  sn: 'SN7',
  kind: 'hmi',
  model: 'M',
  firmware: '1',
  group_id: null,
  group_path: [],
  template_id: null,
  template_name: null,
  address: '',
  remark: '',
  hmi_sn: '',
  gateway_sn: '',
  online: 1,
  sync_state: 1,
  labels: [],
  last_seen_at: null,
  bound_at: null,
  created_at: 1,
};

let root: Root;
let host: HTMLDivElement;
const all = (id: string) => document.querySelectorAll(`[data-testid="${id}"]`);

interface Rights {
  canEdit: boolean;
  canDelete: boolean;
  canMonitor: boolean;
  canRemote?: boolean;
}

async function render({ canRemote = false, ...rights }: Rights, device: DeviceListItem = item) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DeviceTable
            reply={{ list: [device], total: 1, page: 1, page_size: 20 }}
            loading={false}
            params={parseListParams(new URLSearchParams())}
            columns={['name']}
            compact={false}
            {...rights}
            canRemote={canRemote}
            selected={[]}
            onSelect={() => undefined}
            onAction={() => undefined}
            onChange={() => undefined}
            empty="none"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  const more = document.querySelector<HTMLElement>('[data-testid="device-more"]');
  if (more) await act(async () => more.click());
  const items = [...document.querySelectorAll('.ant-dropdown-menu-item')].map((e) => e.textContent ?? '');
  return { more, items };
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': {
        device,
        history: { rowAction: 'History' },
        monitor: { title: 'Data monitor' },
        remote: { action: 'Remote screen' },
      },
    },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // The table's fixed columns measure themselves; jsdom has no ResizeObserver or matchMedia.
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('device row actions by permission', { timeout: 20_000 }, () => {
  it('a viewer (2 only) gets the history, nothing that calls an edit route', async () => {
    const { more, items } = await render({ canEdit: false, canDelete: false, canMonitor: false });
    expect(more).not.toBeNull();
    expect(items).toEqual(['History']);
    expect(all('device-edit')).toHaveLength(0);
  });

  it('a viewer with monitor (47) also gets the data monitor', async () => {
    const { items } = await render({ canEdit: false, canDelete: false, canMonitor: true });
    expect(items).toEqual(['Data monitor', 'History']);
  });

  it('hmi 6 or hmi-check 48 adds the remote screen of an HMI, linked to its route', async () => {
    const { items } = await render({ canEdit: false, canDelete: false, canMonitor: false, canRemote: true });
    expect(items).toEqual(['Remote screen', 'History']);
    expect(all('device-remote')[0]?.getAttribute('href')).toBe('/device/remote?id=7');
  });

  it('a gateway has no remote screen, whatever the rights', async () => {
    const { items } = await render(
      { canEdit: false, canDelete: false, canMonitor: false, canRemote: true },
      { ...item, kind: 'gateway' },
    );
    expect(items).toEqual(['History']);
  });

  it('edit (4) adds edit, labels, move, template; delete (5) adds unbind', async () => {
    const { items } = await render({ canEdit: true, canDelete: true, canMonitor: false });
    expect(all('device-edit')).toHaveLength(1);
    expect(items).toHaveLength(5);
    expect(items[0]).toBe('History');
    expect(all('device-unbind')).toHaveLength(1);
  });
});
