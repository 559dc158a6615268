import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { TemplateDetail, TemplateItem } from '@hmi/domain';
import template from '../../i18n/en-us/template.json';
import { TemplateTable } from './TemplateTable.tsx';
import { TemplateEditorDrawer } from './TemplateEditorDrawer.tsx';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';

/*
 * A template beyond the team's allowance (docs/api.md, Billing, Locks): the list marks it
 * "Locked" with why and how to restore it, and the editor shows it read-only.
 */
const detail = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('./use-templates.ts', () => ({
  useTemplateDetail: () => ({ data: detail.current, isPending: false, isError: false }),
}));
vi.mock('./use-template-mutations.ts', () => ({
  useAddTemplate: () => ({ mutate: vi.fn(), isPending: false }),
  useEditTemplate: () => ({ mutate: vi.fn(), isPending: false }),
}));
vi.mock('../../shared/session/use-user-info.ts', () => ({
  useUserInfo: () => ({ data: { data_center: 'eu' } }),
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

const item = (id: number, locked: boolean): TemplateItem => ({
  id,
  name: `Tpl_${id}`,
  type: 'local',
  data_center: 'eu',
  hmi_model: '',
  default_value: '',
  description: '',
  version: 1,
  device_count: 0,
  tag_count: 0,
  created_at: id,
  updated_at: id,
  locked,
});

let root: Root;
let host: HTMLDivElement;
const all = (id: string) => document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`);

async function mount(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root.render(<MemoryRouter>{node}</MemoryRouter>));
}

const table = (canEdit: boolean) => (
  <TemplateTable
    reply={{ list: [item(1, true), item(2, false)], total: 2, page: 1, page_size: 20, max: 1, count: 2 }}
    loading={false}
    searching={false}
    page={1}
    pageSize={20}
    onPage={() => undefined}
    compact={false}
    canEdit={canEdit}
    canCopy
    canDelete={false}
    limitReached={false}
    canViewDevices={false}
    onOpen={() => undefined}
    onCopy={() => undefined}
    onDelete={() => undefined}
  />
);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { template, common: { save: 'Save', cancel: 'Cancel' } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('a locked template in the list', () => {
  it('carries the Locked tag, only on the locked row, with its reason on hover', async () => {
    await mount(table(true));
    const tags = all('template-locked');
    expect(tags).toHaveLength(1);
    expect(tags[0]!.textContent).toBe(template.locked.tag);
    expect(tags[0]!.closest('tr')?.textContent).toContain('Tpl_1');
    await act(async () => {
      tags[0]!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(document.querySelector('.ant-tooltip')?.textContent).toBe(template.locked.tooltip);
    expect(template.locked.tooltip).toMatch(/Cloud Application card expired/);
    expect(template.locked.tooltip).toMatch(/most recently created first/);
  });

  it('opens as View (not Edit) and cannot be copied, even for an editor', async () => {
    await mount(table(true));
    const rows = [...document.querySelectorAll<HTMLElement>('tr[data-row-key]')];
    const openLabel = (row: HTMLElement) =>
      row.querySelector('button[aria-label]')?.getAttribute('aria-label');
    expect(openLabel(rows[0]!)).toBe(template.action.view);
    expect(openLabel(rows[1]!)).toBe(template.action.edit);
    await act(async () => rows[0]!.querySelector<HTMLElement>('[data-testid="template-more"]')!.click());
    const copy = [...document.querySelectorAll('.ant-dropdown-menu-item')].find(
      (e) => e.textContent === template.action.copy,
    );
    expect(copy?.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the editor of a locked template', () => {
  const open = async (locked: boolean) => {
    detail.current = { ...item(5, locked), tags: [] } satisfies TemplateDetail;
    await mount(<TemplateEditorDrawer target={5} canEdit onClose={() => undefined} />);
  };

  it('is read-only with the reason, even for an editor', async () => {
    await open(true);
    expect(all('template-locked-notice')).toHaveLength(1);
    expect(all('template-save')).toHaveLength(0);
    expect(all('template-name')[0]?.hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('.ant-drawer-title')?.textContent).toBe(template.editor.viewTitle);
  });

  it('is editable when the template is not locked', async () => {
    await open(false);
    expect(all('template-locked-notice')).toHaveLength(0);
    expect(all('template-save')).toHaveLength(1);
    expect(all('template-name')[0]?.hasAttribute('disabled')).toBe(false);
  });
});
