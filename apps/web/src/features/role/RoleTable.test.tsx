import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleSummary } from '@hmi/domain';
import { RoleTable } from './RoleTable.tsx';
import { browserStubs, byTestId, click, initTexts, mount, unmount } from './role-test-harness.tsx';

const role = (over: Partial<RoleSummary>): RoleSummary => ({
  id: 1,
  name: 'viewer',
  permissions: [2, 8],
  zones: [],
  counts: { groups: 0, devices: 0, templates: 0, projects: 0 },
  member_count: 0,
  created_at: 1,
  updated_at: 1_700_000_000_000,
  ...over,
});
const roles = [
  role({ id: 1, counts: { groups: 2, devices: 1, templates: 0, projects: 0 }, zones: [3, 9] }),
  role({ id: 2, name: 'operator', member_count: 3 }),
];

beforeAll(initTexts);
beforeEach(browserStubs);
afterEach(unmount);

async function render(rights: { canEdit: boolean; canDelete: boolean }) {
  const onOpen = vi.fn();
  const onDelete = vi.fn();
  await mount(
    <RoleTable
      roles={roles}
      loading={false}
      zoneNames={new Map([[3, 'north']])}
      compact={false}
      onOpen={onOpen}
      onDelete={onDelete}
      {...rights}
    />,
  );
  return { onOpen, onDelete };
}

describe('RoleTable', { timeout: 20_000 }, () => {
  it('shows counts, zone names (an unknown zone by its id) and members', async () => {
    await render({ canEdit: true, canDelete: true });
    const row = document.querySelector('[data-row-key="1"]')!.textContent;
    expect(row).toContain('2 groups');
    expect(row).toContain('1 device');
    expect(row).not.toContain('templates');
    expect(row).toContain('north');
    expect(row).toContain('#9');
    expect(document.querySelector('[data-row-key="2"]')!.textContent).toContain('No data');
  });

  it('a role held by members cannot be deleted; a free one asks through onDelete', async () => {
    const { onDelete, onOpen } = await render({ canEdit: true, canDelete: true });
    expect(byTestId<HTMLButtonElement>('role-delete-2')!.disabled).toBe(true);
    await click(byTestId('role-delete-1'));
    expect(onDelete).toHaveBeenCalledWith(roles[0]);
    await click(byTestId('role-edit-2'));
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('without edit and delete: a view button and no delete', async () => {
    await render({ canEdit: false, canDelete: false });
    expect(byTestId('role-edit-1')).toBeNull();
    expect(byTestId('role-view-1')).not.toBeNull();
    expect(byTestId('role-delete-1')).toBeNull();
  });
});
