import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/http/http-errors.ts';
import {
  DevicePaths,
  ErrorCode,
  GroupPaths,
  ProjectPaths,
  RolePaths,
  TemplatePaths,
  ZonePaths,
  errorMessages,
  type RoleDetail,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { RoleEditorDrawer } from './RoleEditorDrawer.tsx';
import {
  answerGets,
  browserStubs,
  byTestId,
  click,
  initTexts,
  mount,
  treeCheckbox,
  type,
  unmount,
} from './role-test-harness.tsx';

vi.mock('../../shared/http/http.ts', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
vi.mock('../../shared/session/use-permission.ts', () => ({ usePermission: () => () => true }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn() }));

const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const detail: RoleDetail = {
  id: 7,
  name: 'operator',
  permissions: [2, 28],
  zones: [3],
  counts: { groups: 1, devices: 1, templates: 0, projects: 2 },
  member_count: 0,
  created_at: 1,
  updated_at: 2,
  grants: { groups: [1], devices: [9], templates: [], projects: [11, 12] },
};
const tree = {
  groups: [
    {
      key: 'devicelist',
      permissions: [
        { id: 2, name: 'view' },
        { id: 3, name: 'bind' },
      ],
    },
    { key: 'role', permissions: [{ id: 28, name: 'view' }] },
  ],
};
const groups = [
  { id: 1, parent_id: null, name: 'plant', granted: true, via_parent: false },
  { id: 2, parent_id: 1, name: 'line', granted: false, via_parent: true },
];
const devices = [
  { id: 9, name: 'press', sn: 'SN9', group_id: null, granted: true, via_group: false },
  { id: 21, name: 'boiler', sn: 'SN21', group_id: null, granted: false, via_group: false },
  { id: 22, name: 'pump', sn: 'SN22', group_id: 2, granted: false, via_group: true },
];
const page = { list: devices, total: 3, page: 1, page_size: 10 };

beforeAll(initTexts);
beforeEach(() => {
  browserStubs();
  get.mockReset();
  post.mockReset();
  get.mockImplementation(
    answerGets({
      [RolePaths.detail]: detail,
      [RolePaths.permissions]: tree,
      [RolePaths.pickGroups]: { list: groups },
      [RolePaths.pickTemplates]: { list: [{ id: 4, name: 'boiler-tpl', granted: false }] },
      // Project 12 is granted but outside the caller's scope: not listed, kept.
      [RolePaths.pickProjects]: {
        list: [
          { id: 11, name: 'bottling', granted: true },
          { id: 14, name: 'packing', granted: false },
        ],
      },
      [RolePaths.pickDevices]: page,
      [GroupPaths.list]: { list: groups.map((g) => ({ ...g, device_count: 0, created_at: 1 })), tree: [] },
      [TemplatePaths.list]: { list: [], total: 0, page: 1, page_size: 200, max: 1, count: 0 },
      [ProjectPaths.list]: { list: [], total: 0, page: 1, page_size: 200 },
      [DevicePaths.list]: { list: [], total: 0, page: 1, page_size: 10 },
      [ZonePaths.list]: {
        list: [
          { id: 3, name: 'north', device_count: 0, role_count: 1, created_at: 1 },
          { id: 5, name: 'south', device_count: 0, role_count: 0, created_at: 1 },
        ],
        max: 20,
      },
    }) as typeof http.get,
  );
});
afterEach(unmount);

const input = (id: string) => byTestId<HTMLInputElement>(id)!;
const settle = () => vi.waitFor(() => expect(input('role-name').value).toBe('operator'));

describe('RoleEditorDrawer', { timeout: 30_000 }, () => {
  it('saves the edited role with every list, a project outside the caller’s scope kept', async () => {
    post.mockResolvedValue(detail);
    const onClose = vi.fn();
    await mount(<RoleEditorDrawer target={7} canEdit onClose={onClose} />);
    await settle();

    await click(byTestId('role-tab-permissions'));
    await vi.waitFor(() => expect(byTestId('role-perm-3')).not.toBeNull());
    expect(byTestId('role-perm-2')!.textContent).toBe('View');
    await click(treeCheckbox('role-perm-3'));

    await click(byTestId('role-tab-data'));
    // Groups: the subgroup of the granted plant is included through it.
    await vi.waitFor(() => expect(byTestId('role-group-2')?.textContent).toContain('included via parent'));
    // Devices: the pump is in the line (under the granted plant): via group, not selectable.
    await vi.waitFor(() => expect(document.querySelector('[data-row-key="22"]')).not.toBeNull());
    expect(document.querySelector('[data-row-key="22"]')!.textContent).toContain('via group plant');
    expect(document.querySelector<HTMLInputElement>('[data-row-key="22"] input')!.disabled).toBe(true);
    expect(document.querySelector<HTMLInputElement>('[data-row-key="9"] input')!.checked).toBe(true);
    await click(document.querySelector('[data-row-key="21"] input'));
    await click(byTestId('role-template-4'));
    // Projects: the granted one is checked; the other is added.
    expect(byTestId('role-project-11')?.closest('label')?.textContent).toBe('bottling');
    expect(byTestId<HTMLInputElement>('role-project-11')!.checked).toBe(true);
    await click(byTestId('role-project-14'));

    await click(byTestId('role-tab-zones'));
    await vi.waitFor(() => expect(byTestId('role-zone-5')).not.toBeNull());
    await click(byTestId('role-zone-5'));

    await click(byTestId('role-save'));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(
      RolePaths.edit,
      {
        id: 7,
        name: 'operator',
        permissions: [2, 3, 28],
        grants: { groups: [1], devices: [9, 21], templates: [4], projects: [11, 12, 14] },
        zones: [3, 5],
      },
      { manual: true },
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a new role: the name rule first, then a duplicate name (1063) under the name field', async () => {
    post.mockRejectedValue(new ApiError(ErrorCode.E1063_DUPLICATE_ROLE_NAME, 'dup', null, false));
    await mount(<RoleEditorDrawer target="new" canEdit={false} onClose={() => undefined} />);
    await type(input('role-name'), 'x'.repeat(11));
    await click(byTestId('role-save'));
    await vi.waitFor(() => expect(byTestId('role-editor')!.textContent).toContain('at most 10 characters'));
    expect(post).not.toHaveBeenCalled();

    await type(input('role-name'), ' Ops ');
    await click(byTestId('role-save'));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]![0]).toBe(RolePaths.add);
    expect(post.mock.calls[0]![1]).toMatchObject({ name: 'Ops', permissions: [], zones: [] });
    const text = errorMessages['en-us']['1063' as keyof (typeof errorMessages)['en-us']];
    await vi.waitFor(() =>
      expect(byTestId('role-name')!.closest('.ant-form-item')!.textContent).toContain(text),
    );
    // A new role has no id: its pickers read the caller's own lists.
    await click(byTestId('role-tab-data'));
    await vi.waitFor(() => expect(get).toHaveBeenCalledWith(DevicePaths.list, expect.anything()));
    expect(get).toHaveBeenCalledWith(ProjectPaths.list, expect.anything());
    expect(get).not.toHaveBeenCalledWith(RolePaths.pickProjects, expect.anything());
  });

  it('without edit permission the role is shown read-only, with no save button', async () => {
    await mount(<RoleEditorDrawer target={7} canEdit={false} onClose={() => undefined} />);
    await settle();
    expect(input('role-name').disabled).toBe(true);
    expect(byTestId('role-save')).toBeNull();
    await click(byTestId('role-tab-zones'));
    await vi.waitFor(() => expect(byTestId<HTMLInputElement>('role-zone-3')?.checked).toBe(true));
    expect(byTestId<HTMLInputElement>('role-zone-5')!.disabled).toBe(true);
  });
});
