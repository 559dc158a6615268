import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { ProjectItem } from '@hmi/domain';
import project from '../../i18n/en-us/project.json';
import { ProjectTable } from './ProjectTable.tsx';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';

/*
 * The project list: a locked project (beyond the team's allowance, 1052) carries the Locked tag
 * with its reason and its edit action is off with the reason; the actions follow the permissions
 * (edit 42, delete 43), and deleting stays open on a locked project (the server allows it).
 */
const item = (id: number, locked: boolean): ProjectItem => ({
  id,
  name: `Line_${id}`,
  description: id === 1 ? 'Packaging line' : '',
  device_count: id,
  screen_count: id + 1,
  created_at: Date.UTC(2026, 0, id),
  updated_at: Date.UTC(2026, 0, id, 8, 30),
  locked,
});

let root: Root;
let host: HTMLDivElement;
const all = (id: string, scope: ParentNode = document) => [
  ...scope.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`),
];
const rows = () => [...document.querySelectorAll<HTMLElement>('tr[data-row-key]')];
const hover = async (el: HTMLElement) =>
  act(async () => {
    el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 300));
  });
const tooltip = () =>
  [...document.querySelectorAll('.ant-tooltip:not(.ant-tooltip-hidden)')].at(-1)?.textContent;

async function mount(rights: { canEdit: boolean; canDelete: boolean; compact?: boolean }) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const opened: number[] = [];
  const edited: number[] = [];
  const deleted: string[] = [];
  await act(async () =>
    root.render(
      <MemoryRouter>
        <ProjectTable
          reply={{ list: [item(1, true), item(2, false)], total: 2, page: 1, page_size: 20 }}
          loading={false}
          filtered={false}
          page={1}
          pageSize={20}
          onPage={() => undefined}
          compact={rights.compact ?? false}
          canEdit={rights.canEdit}
          canDelete={rights.canDelete}
          onOpen={(id) => opened.push(id)}
          onEdit={(id) => edited.push(id)}
          onDelete={(p) => deleted.push(p.name)}
        />
      </MemoryRouter>,
    ),
  );
  return { opened, edited, deleted };
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { project } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => stubLayoutApis());
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
});

describe('the project list', () => {
  it('shows name, description, counts and last edit of each project', async () => {
    await mount({ canEdit: true, canDelete: true });
    const [first, second] = rows();
    expect(first!.textContent).toContain('Line_1');
    expect(first!.textContent).toContain('Packaging line');
    expect(first!.textContent).toContain('2026-01-01');
    expect(second!.textContent).toContain('Line_2');
    expect(second!.textContent).toContain(project.state.usable);
  });

  it('marks the locked project only, with the reason on hover', async () => {
    await mount({ canEdit: true, canDelete: true });
    const tags = all('project-locked');
    expect(tags).toHaveLength(1);
    expect(tags[0]!.closest('tr')?.textContent).toContain('Line_1');
    await hover(tags[0]!);
    expect(tooltip()).toBe(project.locked.tooltip);
  });

  it('turns off editing a locked project, with the reason, and keeps it for the others', async () => {
    const calls = await mount({ canEdit: true, canDelete: true });
    const [locked, open] = rows().map((r) => all('project-edit', r)[0]!);
    expect(locked).toBeDefined();
    expect(locked!.hasAttribute('disabled')).toBe(true);
    expect(open!.hasAttribute('disabled')).toBe(false);
    await hover(locked!.closest<HTMLElement>('[data-testid="project-locked-action"]')!);
    expect(tooltip()).toBe(project.locked.action);
    await act(async () => open!.click());
    expect(calls.edited).toEqual([2]);
  });

  it('shows edit and delete by permission (42, 43); delete stays on a locked project', async () => {
    const calls = await mount({ canEdit: false, canDelete: true });
    expect(all('project-edit')).toHaveLength(0);
    const deletes = all('project-delete');
    expect(deletes).toHaveLength(2);
    expect(deletes[0]!.hasAttribute('disabled')).toBe(false);
    await act(async () => deletes[0]!.click());
    expect(calls.deleted).toEqual(['Line_1']);
  });

  it('without edit nor delete leaves the details only', async () => {
    const calls = await mount({ canEdit: false, canDelete: false });
    expect(all('project-edit')).toHaveLength(0);
    expect(all('project-delete')).toHaveLength(0);
    expect(all('project-open')).toHaveLength(2);
    await act(async () => all('project-name-link')[1]!.click());
    expect(calls.opened).toEqual([2]);
  });

  it('on a phone puts the actions in a menu, edit off for the locked project', async () => {
    await mount({ canEdit: true, canDelete: false, compact: true });
    const [locked] = rows();
    expect(locked!.textContent).toContain('1 device · 2 screens');
    await act(async () => all('project-more', locked)[0]!.click());
    const items = [...document.querySelectorAll('.ant-dropdown-menu-item')];
    expect(items.map((e) => e.textContent)).toEqual([project.action.details, project.action.edit]);
    expect(items[1]!.getAttribute('aria-disabled')).toBe('true');
  });
});
