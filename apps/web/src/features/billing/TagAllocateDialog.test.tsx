import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { validationMessages } from '@hmi/domain';
import billing from '../../i18n/en-us/billing.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { TagAllocateDialog } from './TagAllocateDialog.tsx';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';

const api = vi.hoisted(() => ({ allocate: vi.fn() }));
vi.mock('./billing.api.ts', () => ({
  billingApi: api,
  billingKeys: {
    myAccount: ['billing', 'myAccount'],
    allocations: ['billing', 'allocations'],
    recordsAll: ['billing', 'records'],
  },
}));
vi.mock('../../shared/devices/device-reads.ts', () => ({
  useDeviceDetail: () => ({ data: undefined }),
}));
// The device select searches the server; here a button picks device 7.
vi.mock('../../shared/devices/DeviceSelect.tsx', () => ({
  DeviceSelect: (p: { onChange(id: number): void }) => (
    <button type="button" data-testid="pick-device" onClick={() => p.onChange(7)} />
  ),
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn() }));

/*
 * Allocating TAGs: a device at level 2 is offered levels 3-5 only (the level only goes up), and a
 * shortage (1100) says how many TAGs the level needs and how many its cards have left.
 */
let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

/** An active CA card of a level with `left` TAGs not allocated. */
const caCard = (id: number, level: number, left: number) => ({
  id,
  type: 'ca' as const,
  number: `****ABCDEFG${id}`,
  status: 1 as const,
  activated_at: 1,
  expires_at: 2,
  quota: { templates: 0, tags: 1000, level, gigabytes: 0 },
  left: { templates: 0, tags: left, level, gigabytes: 0 },
  allocated: false,
});

async function render() {
  const onClose = vi.fn();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <TagAllocateDialog
          open
          levels={new Map([[7, 2]])}
          cards={[caCard(1, 3, 250), caCard(2, 4, 100), { ...caCard(3, 5, 1000), status: 2 }]}
          onClose={onClose}
        />
      </QueryClientProvider>,
    ),
  );
  return onClose;
}

async function openLevels() {
  const select = $('tag-allocate-level')!.closest('.ant-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  return [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': { billing, validation: validationMessages['en-us'], common: { cancel: 'Cancel' } },
    },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  api.allocate.mockReset();
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('TagAllocateDialog', { timeout: 30_000 }, () => {
  it('offers only the levels above the device current one, disables those no card funds, says a shortage', async () => {
    api.allocate.mockRejectedValueOnce(new ApiError(1100, 'm', { level: 3, needed: 200, left: 150 }, false));
    const onClose = await render();
    await act(async () => $('pick-device')!.click());
    expect($('tag-allocate-dialog')!.textContent).toContain('Current level 2 (100 TAGs, every 30 s)');
    const options = await openLevels();
    // What each level would leave; those no card can fund cannot be chosen (issue 24, item 10).
    expect(options.map((o) => o.textContent)).toEqual([
      'Level 3: 200 TAGs, every 10 s (leaves 50 of 250 TAGs)',
      'Level 4: 500 TAGs, every 5 s (not enough TAGs: 100 left)',
      'Level 5: 1000 TAGs, every 1 s (not enough TAGs: 0 left)',
    ]);
    expect(options.map((o) => o.classList.contains('ant-select-item-option-disabled'))).toEqual([
      false,
      true,
      true,
    ]);
    await act(async () => options[1]!.click());
    expect(document.querySelector('.ant-select-selection-item')).toBeNull();
    await act(async () => options[0]!.click());
    await act(async () => $('tag-allocate-submit')!.click());
    await settle();
    expect(api.allocate.mock.calls[0]![0]).toEqual({ device_id: 7, level: 3 });
    const error = $('tag-allocate-error')!.textContent;
    expect(error).toContain('E1100');
    expect(error).toContain('Level 3 needs 200 TAGs; the active cards of this level have 150 left.');
    expect(onClose).not.toHaveBeenCalled();

    // Someone upgraded the device meanwhile: the server's upgrade-only refusal goes under the level.
    api.allocate.mockRejectedValueOnce(
      new ApiError(
        1006,
        'm',
        {
          where: 'body',
          fields: [{ path: 'level', message: 'validation.tagLevel.upgradeOnly', params: { current: 4 } }],
        },
        false,
      ),
    );
    await act(async () => $('tag-allocate-submit')!.click());
    await settle();
    const explain = $('tag-allocate-level')!
      .closest('.ant-form-item')!
      .querySelector('.ant-form-item-explain');
    expect(explain?.textContent).toContain("choose a level above the device's current level 4");
    expect($('tag-allocate-error')).toBeNull();
  });
});
