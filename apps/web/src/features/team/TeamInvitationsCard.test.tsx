import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Perm,
  type InvitationCheckReply,
  type MyInvitationItem,
  type MyInvitationListReply,
} from '@hmi/domain';
import team from '../../i18n/en-us/team.json';
import common from '../../i18n/en-us/common.json';
import { TeamInvitationsCard } from './TeamInvitationsCard.tsx';

const get = vi.fn();
const post = vi.fn();
vi.mock('../../shared/http/http.ts', () => ({
  http: { get: (...a: unknown[]) => get(...a), post: (...a: unknown[]) => post(...a) },
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../shared/feedback/notifier.ts', () => ({
  successToast: toasts.success,
  toasts: { error: toasts.error },
}));

const item = (over: Partial<MyInvitationItem>): MyInvitationItem => ({
  id: 5,
  team_id: 9,
  team_name: 'Plant North',
  inviter_name: 'Ann',
  role_name: 'Operator',
  state: 0,
  void_reason: null,
  created_at: 1_700_000_000_000,
  expires_at: 1_700_600_000_000,
  decided_at: null,
  title: 'Invitation to Plant North',
  body: 'Ann invites you to join Plant North.',
  ...over,
});
const reply = (list: MyInvitationItem[]): MyInvitationListReply => ({
  list,
  total: list.length,
  pending: list.filter((i) => i.state === 0).length,
  page: 1,
  page_size: 20,
});
const check = (over: Partial<InvitationCheckReply> = {}): InvitationCheckReply => ({
  invitation: item({}),
  role_permissions: [Perm.DeviceView, Perm.DeviceMonitor, Perm.GroupView],
  can_accept: true,
  blockers: [],
  leaves_own_team: true,
  billing_cards_stay: true,
  top_up_cards_carry_over: false,
  voids_other_invitations: 1,
  ...over,
});

let root: Root;
let host: HTMLDivElement;
let client: QueryClient;
let router: ReturnType<typeof createMemoryRouter>;
const q = (id: string) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

async function render(pendingOnly = false) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter(
    [
      { path: '/message/msgSystem', element: <TeamInvitationsCard pendingOnly={pendingOnly} /> },
      { path: '/', element: <div data-testid="start" /> },
    ],
    { initialEntries: ['/message/msgSystem'] },
  );
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await settle();
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { team, common } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  get.mockReset();
  post.mockReset();
  toasts.success.mockReset();
  toasts.error.mockReset();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
});

describe('TeamInvitationsCard', () => {
  it('renders nothing without invitations; the profile’s shows only with one pending', async () => {
    get.mockResolvedValue(reply([]));
    await render();
    expect(q('team-invitations')).toBeNull();
    await act(async () => root.unmount());
    get.mockResolvedValue({ ...reply([item({ state: 1 })]), pending: 0 });
    await render(true);
    expect(q('team-invitations')).toBeNull();
    expect(get).toHaveBeenLastCalledWith('/msg/team/invation', {
      params: { state: 0, page: 1, page_size: 20 },
    });
  });

  it('lists every invitation with its message; only pending ones have accept and reject', async () => {
    get.mockResolvedValue(reply([item({}), item({ id: 6, state: 2, title: 'Rejected' })]));
    await render();
    expect(q('invitation-5')?.textContent).toContain('Ann invites you to join Plant North.');
    expect(q('invitation-accept-5')).not.toBeNull();
    expect(q('invitation-reject-5')).not.toBeNull();
    expect(q('invitation-6')?.textContent).toContain('Rejected');
    expect(q('invitation-accept-6')).toBeNull();
    expect(q('invitation-reject-6')).toBeNull();
  });

  it('accept: checks first, blockers are listed and disable OK', async () => {
    get.mockResolvedValue(reply([item({})]));
    post.mockResolvedValue(check({ can_accept: false, blockers: [{ code: 1053, count: 2 }] }));
    await render();
    await act(async () => q('invitation-accept-5')!.click());
    expect(post).toHaveBeenCalledWith('/team/invitation/confirm/check', { id: 5 }, { manual: true });
    expect(q('invitation-confirm-dialog')?.textContent).toContain(
      'You still own 2 devices: unbind or delete them first.',
    );
    expect(q('invitation-confirm-ok')?.disabled).toBe(true);
  });

  it('accept: the dialog says what it means; OK joins, toasts, invalidates everything and goes to /', async () => {
    get.mockResolvedValue(reply([item({})]));
    post.mockResolvedValueOnce(check());
    await render();
    client.setQueryData(['session', 'userInfo'], { is_main: true });
    await act(async () => q('invitation-accept-5')!.click());
    const text = q('invitation-confirm-dialog')?.textContent ?? '';
    expect(text).toContain('join Plant North with the role Operator');
    expect(q('invitation-groups')?.textContent).toBe('DevicesDevice groups');
    expect(text).toContain('Your 1 other pending invitation will be voided.');
    expect(text).toContain('your own top-up cards do not carry over');
    expect(q('invitation-confirm-ok')?.disabled).toBe(false);

    post.mockResolvedValueOnce({ state: 1, team_id: 9, team_name: 'Plant North' });
    await act(async () => q('invitation-confirm-ok')!.click());
    await settle();
    expect(post).toHaveBeenLastCalledWith(
      '/team/invitation/confirm',
      { id: 5, accept: true },
      { manual: true },
    );
    expect(toasts.success).toHaveBeenCalledWith('You joined Plant North.');
    expect(client.getQueryState(['session', 'userInfo'])?.isInvalidated).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('a failed confirm is toasted translated; the page stays', async () => {
    const { ApiError } = await import('../../shared/http/http-errors.ts');
    get.mockResolvedValue(reply([item({})]));
    post.mockResolvedValueOnce(check()).mockRejectedValueOnce(new ApiError(1074, 'x', null, false));
    await render();
    await act(async () => q('invitation-accept-5')!.click());
    await act(async () => q('invitation-confirm-ok')!.click());
    await settle();
    expect(toasts.error).toHaveBeenCalledWith('E1074');
    expect(router.state.location.pathname).toBe('/message/msgSystem');
  });

  it('reject: after its confirmation, posts accept:false and refreshes the list', async () => {
    get.mockResolvedValue(reply([item({})]));
    post.mockResolvedValue({ state: 2, team_id: 1, team_name: 'Mine' });
    await render();
    const calls = get.mock.calls.length;
    await act(async () => q('invitation-reject-5')!.click());
    await act(async () => q('invitation-reject-confirm')!.click());
    await settle();
    expect(post).toHaveBeenCalledWith('/team/invitation/confirm', { id: 5, accept: false }, { manual: true });
    expect(toasts.success).toHaveBeenCalledWith('Invitation rejected.');
    expect(get.mock.calls.length).toBeGreaterThan(calls);
    expect(router.state.location.pathname).toBe('/message/msgSystem');
  });
});
