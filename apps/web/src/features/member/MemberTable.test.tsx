import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import type { MemberItem } from '@hmi/domain';
import member from '../../i18n/en-us/member.json';
import { MemberTable } from './MemberTable.tsx';
import type { MemberRights } from './member-display.ts';

/*
 * The members table's rows: the main account first with its tag, and on each row only the
 * actions the caller holds — never a role change or removal for the main account or oneself.
 */
const row = (over: Partial<MemberItem>): MemberItem => ({
  id: 5,
  name: 'Ada',
  account: 'ada@example.com',
  email: 'ada@example.com',
  phone: null,
  area_code: null,
  is_main: false,
  role_id: 3,
  role_name: 'Engineer',
  joined_at: 1_700_000_000_000,
  last_login_at: null,
  status: 'active',
  ...over,
});
const MAIN = row({ id: 1, name: 'Owner', is_main: true, role_id: null, role_name: null });
const SUB = row({ id: 5 });
const SELF = row({ id: 9, name: 'Me', account: 'me@example.com', email: 'me@example.com' });

let root: Root;
let host: HTMLDivElement;
const all: MemberRights = { view: true, edit: true, remove: true };

async function render(rights: MemberRights, compact = false) {
  const handlers = { onAccess: vi.fn(), onDataPm: vi.fn(), onRole: vi.fn(), onRemove: vi.fn() };
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemberTable
        reply={{ list: [MAIN, SUB, SELF], total: 3, page: 1, page_size: 20 }}
        loading={false}
        filtered={false}
        page={1}
        pageSize={20}
        onPage={() => undefined}
        compact={compact}
        callerId={SELF.id}
        rights={rights}
        handlers={handlers}
      />,
    ),
  );
  return handlers;
}

const rowOf = (id: number) => host.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;
const actionsOf = (id: number) =>
  [...rowOf(id).querySelectorAll<HTMLElement>('[data-testid^="member-"]')]
    .map((el) => el.dataset.testid!)
    .filter((testId) => testId !== 'member-main-tag');

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { member } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
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
  // The desktop table's fixed action column measures itself; jsdom has no ResizeObserver.
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
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('MemberTable', () => {
  it('keys rows by user id and tags the main account', async () => {
    await render(all);
    expect(rowOf(1).querySelector('[data-testid="member-main-tag"]')!.textContent).toBe('Main account');
    expect(rowOf(5).querySelector('[data-testid="member-main-tag"]')).toBeNull();
    expect(rowOf(5).textContent).toContain('Engineer');
    expect(rowOf(5).textContent).toContain('Never');
  });

  it('offers only the effective access on the main account’s row and on the caller’s own', async () => {
    await render(all);
    expect(actionsOf(1)).toEqual(['member-access-1']);
    expect(actionsOf(9)).toEqual(['member-access-9']);
    expect(actionsOf(5)).toEqual(['member-access-5', 'member-role-5', 'member-remove-5']);
  });

  it('shows no action the caller does not hold', async () => {
    await render({ view: false, edit: false, remove: false });
    for (const id of [1, 5, 9]) expect(actionsOf(id)).toEqual([]);
    await act(async () => root.unmount());
    host.remove();
    await render({ view: false, edit: true, remove: false });
    expect(actionsOf(5)).toEqual(['member-role-5']);
    expect(actionsOf(1)).toEqual([]);
  });

  it('hands the clicked row’s member to its action, also as icons on a phone', async () => {
    const handlers = await render(all, true);
    const remove = rowOf(5).querySelector<HTMLElement>('[data-testid="member-remove-5"]')!;
    expect(remove.getAttribute('aria-label')).toBe('Remove');
    await act(async () => remove.click());
    expect(handlers.onRemove).toHaveBeenCalledWith(SUB);
    await act(async () => rowOf(5).querySelector<HTMLElement>('[data-testid="member-role-5"]')!.click());
    expect(handlers.onRole).toHaveBeenCalledWith(SUB);
    expect(handlers.onAccess).not.toHaveBeenCalled();
  });
});
