import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ErrorCode, Perm, validationMessages, type ZoneItem } from '@hmi/domain';
import { ApiError } from '../../shared/http/http-errors.ts';
import { ZoneNameDialog, type ZoneDialogState } from './ZoneNameDialog.tsx';
import { ZoneTable } from './ZoneTable.tsx';
import { ZoneBulkAction } from './ZoneBulkAction.tsx';
import zone from '../../i18n/en-us/zone.json';
import common from '../../i18n/en-us/common.json';

/*
 * The zone screen's pieces: the name dialog checks the domain's zone name rule (its translated
 * texts) and places 1066 under the name; row and bulk buttons show only with their permissions.
 */
const api = vi.hoisted(() => ({ add: vi.fn(), rename: vi.fn(), list: vi.fn(), assign: vi.fn() }));
vi.mock('./zone.api.ts', () => ({
  zoneApi: api,
  zoneKeys: { all: ['zone'], list: ['zone', 'list'], deviceZones: (ids: string) => ['zone', 'dz', ids] },
}));
const granted = vi.hoisted(() => new Set<number>());
vi.mock('../../shared/session/use-permission.ts', () => ({
  usePermission: () => (rule: number) => granted.has(rule),
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

const v = validationMessages['en-us'];
let root: Root;
let host: HTMLDivElement;

async function render(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
}
const byTestId = <T extends HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function save() {
  await act(async () => byTestId<HTMLButtonElement>('zone-save')!.click());
}
/** The name's current error (an older one may still be fading out before it). */
const fieldError = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].at(-1)?.textContent ?? '';

const item = (over: Partial<ZoneItem> = {}): ZoneItem => ({
  id: 4,
  name: 'Line1',
  device_count: 3,
  role_count: 0,
  created_at: 1_700_000_000_000,
  ...over,
});

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { zone, common, validation: v } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // antd's table measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  granted.clear();
  api.add.mockReset();
  api.rename.mockReset();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

// antd forms and dialogs are slow in jsdom on a busy machine.
const SLOW = { timeout: 20_000 };

describe('ZoneNameDialog', SLOW, () => {
  const add: ZoneDialogState = { mode: 'add' };

  it('shows the domain rule’s translated messages and sends nothing invalid', async () => {
    await render(<ZoneNameDialog state={add} onClose={() => undefined} />);
    const input = byTestId<HTMLInputElement>('zone-name')!;
    await save();
    await vi.waitFor(() => expect(fieldError()).toBe(v['validation.zoneName.required']));

    await type(input, 'Line 1');
    await vi.waitFor(() => expect(fieldError()).toBe(v['validation.zoneName.chars']));
    await type(input, 'Zone区');
    await vi.waitFor(() => expect(fieldError()).toBe(v['validation.zoneName.chars']));
    await type(input, 'a'.repeat(33));
    await vi.waitFor(() =>
      expect(fieldError()).toBe((v['validation.zoneName.length'] ?? '').replace('{{max}}', '32')),
    );
    expect(input.maxLength).toBe(33);
    expect(api.add).not.toHaveBeenCalled();
  });

  it('creates a valid name and closes; a duplicate (1066) shows under the name', async () => {
    const onClose = vi.fn();
    api.add.mockRejectedValueOnce(new ApiError(ErrorCode.E1066_ZONE_NAME_EXISTS, 'dup', null, false));
    await render(<ZoneNameDialog state={add} onClose={onClose} />);
    await type(byTestId<HTMLInputElement>('zone-name')!, 'Line1');
    await save();
    await vi.waitFor(() => expect(fieldError()).toBe('E1066'));
    expect(api.add.mock.calls[0]?.[0]).toEqual({ name: 'Line1' });
    expect(onClose).not.toHaveBeenCalled();

    api.add.mockResolvedValueOnce(item({ name: 'Line2' }));
    await type(byTestId<HTMLInputElement>('zone-name')!, 'Line2');
    await save();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.add.mock.lastCall?.[0]).toEqual({ name: 'Line2' });
  });

  it('shows the limit (1065) above the buttons', async () => {
    api.add.mockRejectedValueOnce(new ApiError(ErrorCode.E1065_ZONE_LIMIT, 'limit', { max: 20 }, false));
    await render(<ZoneNameDialog state={add} onClose={() => undefined} />);
    await type(byTestId<HTMLInputElement>('zone-name')!, 'Line9');
    await save();
    await vi.waitFor(() =>
      expect(document.querySelector('.ant-alert-error')?.textContent).toContain('E1065'),
    );
    expect(fieldError()).toBe('');
  });

  it('renames: starts from the current name and sends the new one with the id', async () => {
    const onClose = vi.fn();
    api.rename.mockResolvedValueOnce(item({ name: 'Line7' }));
    await render(<ZoneNameDialog state={{ mode: 'rename', zone: item() }} onClose={onClose} />);
    const input = byTestId<HTMLInputElement>('zone-name')!;
    expect(input.value).toBe('Line1');
    await type(input, 'Line7');
    await save();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.rename.mock.calls[0]?.[0]).toEqual({ id: 4, name: 'Line7' });
  });
});

describe('ZoneTable', SLOW, () => {
  const zones = [item(), item({ id: 5, name: 'Boiler', role_count: 2 })];
  const props = { zones, loading: false, compact: false, onRename: vi.fn(), onDelete: vi.fn() };

  it('has no rename or delete buttons without their permissions', async () => {
    await render(<ZoneTable {...props} canEdit={false} canDelete={false} />);
    expect(host.textContent).toContain('Boiler');
    expect(byTestId('zone-rename-4')).toBeNull();
    expect(byTestId('zone-delete-4')).toBeNull();
  });

  it('offers rename with edit, delete with delete; a zone held by roles cannot be deleted', async () => {
    await render(<ZoneTable {...props} canEdit canDelete={false} />);
    expect(byTestId('zone-rename-4')).not.toBeNull();
    expect(byTestId('zone-delete-4')).toBeNull();
    await act(async () => root.unmount());
    await render(<ZoneTable {...props} canEdit={false} canDelete />);
    expect(byTestId('zone-rename-4')).toBeNull();
    expect(byTestId<HTMLButtonElement>('zone-delete-4')!.disabled).toBe(false);
    expect(byTestId<HTMLButtonElement>('zone-delete-5')!.disabled).toBe(true);
    await act(async () => byTestId<HTMLButtonElement>('zone-delete-4')!.click());
    expect(props.onDelete).toHaveBeenCalledWith(zones[0]);
  });
});

describe('ZoneBulkAction', () => {
  it('shows only with zone view (33) and zone edit (34)', async () => {
    granted.add(Perm.SafeZoneEdit);
    await render(<ZoneBulkAction ids={[1, 2]} onDone={() => undefined} />);
    expect(byTestId('bulk-zone')).toBeNull();
    await act(async () => root.unmount());
    granted.add(Perm.SafeZoneView);
    await render(<ZoneBulkAction ids={[1, 2]} onDone={() => undefined} />);
    expect(byTestId('bulk-zone')).not.toBeNull();
  });
});

describe('ZoneAssignDialog through the bulk action', SLOW, () => {
  it('sends zone_id null for "No zone", then clears the selection', async () => {
    granted.add(Perm.SafeZoneView).add(Perm.SafeZoneEdit);
    api.list.mockResolvedValue({ list: [item()], max: 20 });
    api.assign.mockResolvedValue({ updated: 2 });
    const onDone = vi.fn();
    await render(<ZoneBulkAction ids={[1, 2]} onDone={onDone} />);
    await act(async () => byTestId<HTMLButtonElement>('bulk-zone')!.click());
    const saveButton = () => byTestId<HTMLButtonElement>('zone-assign-save')!;
    expect(byTestId('zone-assign-dialog')).not.toBeNull();
    expect(saveButton().disabled).toBe(true);
    const select = byTestId('zone-assign-select')!;
    const opener = select.querySelector('input') ?? select;
    await act(async () => {
      opener.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await vi.waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    const none = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === zone.assign.none,
    )!;
    await act(async () => none.click());
    expect(saveButton().disabled).toBe(false);
    await act(async () => saveButton().click());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.assign.mock.calls[0]?.[0]).toEqual({ zone_id: null, device_ids: [1, 2] });
  });
});
