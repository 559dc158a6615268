import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Perm, type UserProfile } from '@hmi/domain';
import { useBillingAccess } from './use-billing-access.ts';

/* The billing screens exist only where the server bills: not in cn, not with billing switched off. */
const session = vi.hoisted(() => ({ profile: undefined as Partial<UserProfile> | undefined }));
vi.mock('../../shared/session/use-user-info.ts', () => ({
  useUserInfo: () => ({ data: session.profile }),
}));

let root: Root;
let host: HTMLDivElement;
let seen: boolean | undefined;

function Probe() {
  seen = useBillingAccess()(Perm.AccountView);
  return null;
}

async function canSeeMyAccount(profile: Partial<UserProfile>): Promise<boolean | undefined> {
  session.profile = { is_main: true, permissions: [], data_center: 'eu', ...profile };
  host = document.createElement('div');
  root = createRoot(host);
  await act(async () => root.render(<Probe />));
  return seen;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  localStorage.clear();
});
afterEach(async () => {
  await act(async () => root.unmount());
});

describe('useBillingAccess', () => {
  it('allows the main account where the server bills', async () => {
    expect(await canSeeMyAccount({ billing: true })).toBe(true);
    expect(await canSeeMyAccount({})).toBe(true);
  });

  it('refuses on a server with billing switched off (getUserInfo billing false)', async () => {
    expect(await canSeeMyAccount({ billing: false })).toBe(false);
  });

  it('refuses in region cn', async () => {
    expect(await canSeeMyAccount({ data_center: 'cn', billing: true })).toBe(false);
  });
});
