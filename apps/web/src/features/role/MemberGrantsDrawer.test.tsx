import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  GroupPaths,
  MemberPaths,
  ProjectPaths,
  TemplatePaths,
  errorMessages,
  type MemberDataPm,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { ApiError } from '../../shared/http/http-errors.ts';
import { MemberGrantsDrawer } from './MemberGrantsDrawer.tsx';
import {
  answerGets,
  browserStubs,
  byTestId,
  click,
  initTexts,
  mount,
  unmount,
} from './role-test-harness.tsx';

vi.mock('../../shared/http/http.ts', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn() }));

const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const dataPm: MemberDataPm = {
  user_id: 5,
  role_id: 2,
  grants: { groups: [], devices: [30], templates: [], projects: [77] },
  created: { groups: [1], devices: [], templates: [], projects: [] },
  role_grants: { groups: [], devices: [30, 31, 32], templates: [4], projects: [] },
};
const devicePage = (params: Record<string, unknown>) => ({
  list: [
    { id: 30, name: 'press', sn: 'SN30', group_id: null, granted: true, via_group: false },
    { id: 31, name: 'boiler', sn: 'SN31', group_id: null, granted: false, via_group: false },
  ].filter(() => params.id === 5),
  total: 2,
  page: 1,
  page_size: 10,
});

beforeAll(initTexts);
beforeEach(() => {
  browserStubs();
  get.mockReset();
  post.mockReset();
  get.mockImplementation(
    answerGets({
      [MemberPaths.dataPm]: dataPm,
      [MemberPaths.pickDevices]: devicePage,
      [GroupPaths.list]: {
        list: [{ id: 1, parent_id: null, name: 'plant', device_count: 0, created_at: 1 }],
        tree: [],
      },
      [TemplatePaths.list]: { list: [], total: 0, page: 1, page_size: 200, max: 1, count: 0 },
      // A member's project picker reads the caller's own project list (as for templates).
      [ProjectPaths.list]: {
        list: [77, 78].map((id) => ({
          id,
          name: `line ${id}`,
          description: '',
          device_count: 0,
          screen_count: 0,
          created_at: 1,
          updated_at: 1,
          locked: false,
        })),
        total: 2,
        page: 1,
        page_size: 200,
      },
    }) as typeof http.get,
  );
});
afterEach(unmount);

const drawerText = () => byTestId('member-grants-drawer')?.textContent ?? '';

describe('MemberGrantsDrawer', { timeout: 30_000 }, () => {
  it('shows the role’s and the created grants as context and saves the member’s own grants', async () => {
    post.mockResolvedValue(dataPm);
    const onClose = vi.fn();
    await mount(<MemberGrantsDrawer member={{ id: 5, name: 'Ann' }} onClose={onClose} />);
    await vi.waitFor(() => expect(drawerText()).toContain('From the role'));
    expect(drawerText()).toContain('Data permissions of Ann');
    expect(drawerText()).toContain('3 devices');
    expect(drawerText()).toContain('1 template');
    expect(drawerText()).toContain('Created by this member');
    expect(drawerText()).toContain('1 group');
    expect(get).toHaveBeenCalledWith(MemberPaths.dataPm, { params: { user_id: 5 } });

    // The member's device picker (its marks are the member's own grants).
    await vi.waitFor(() => expect(document.querySelector('[data-row-key="31"]')).not.toBeNull());
    expect(document.querySelector<HTMLInputElement>('[data-row-key="30"] input')!.checked).toBe(true);
    await click(document.querySelector('[data-row-key="31"] input'));
    await click(byTestId('role-group-1')?.closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox'));
    await vi.waitFor(() => expect(byTestId<HTMLInputElement>('role-project-77')?.checked).toBe(true));
    await click(byTestId('role-project-78'));

    await click(byTestId('member-grants-save'));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(
      MemberPaths.dataPm,
      { user_id: 5, grants: { groups: [1], devices: [30, 31], templates: [], projects: [77, 78] } },
      { manual: true },
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a refused save (1081, the main account) shows its text above the buttons', async () => {
    post.mockRejectedValue(new ApiError(ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN, 'main', null, false));
    const onClose = vi.fn();
    await mount(<MemberGrantsDrawer member={{ id: 5, name: 'Ann' }} onClose={onClose} />);
    await vi.waitFor(() => expect(byTestId<HTMLButtonElement>('member-grants-save')!.disabled).toBe(false));
    await click(byTestId('member-grants-save'));
    const text = errorMessages['en-us']['1081' as keyof (typeof errorMessages)['en-us']];
    await vi.waitFor(() => expect(byTestId('member-grants-error')?.textContent).toContain(text));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is closed without a member', async () => {
    await mount(<MemberGrantsDrawer member={undefined} onClose={() => undefined} />);
    expect(byTestId('member-grants-drawer')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
