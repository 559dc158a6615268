import { login, uniqueEmail, uniquePhone } from '../../factories.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * Sign-up, sign-in and the caller's own account (session, registration and account modules).
 * Everything public answers without a token; the rest acts on the caller's own account only.
 */
const v1 = (path: string) => `/v1${path}`;
const answered = { anonymous: 0 } as const;
const subAccounts = { withoutPermission: 1105, outOfScope: 1105, inScope: 1105 } as const;

export const accountRows: MatrixRow[] = [
  { method: 'GET', url: v1('/health'), access: 'public', expect: answered },
  { method: 'GET', url: v1('/global/login'), access: 'public', expect: answered },
  {
    method: 'POST',
    url: v1('/global/login'),
    access: 'public',
    expect: answered,
    request: ({ fx }) => ({
      query: { type: 1 },
      body: { user: fx.b.main.email, passwd: fx.b.main.password },
    }),
  },
  {
    method: 'POST',
    url: v1('/refreshtoken'),
    access: 'public',
    expect: answered,
    // Authenticated by a refresh token (of a new session: the others are not rotated).
    request: async ({ fx }) => {
      const { refresh_token } = await login(fx.server, fx.b.main.email, fx.b.main.password);
      return { query: { from: 'web' }, headers: { authorization: refresh_token } };
    },
  },
  {
    method: 'POST',
    url: v1('/global/register'),
    access: 'public',
    expect: answered,
    request: () => ({ query: { type: 1 }, body: { username: uniqueEmail('reg'), passwd: 'Secret123' } }),
  },
  {
    method: 'GET',
    url: v1('/global/activate'),
    access: 'public',
    request: () => ({ query: { token: 'x' } }),
  },
  {
    method: 'POST',
    url: v1('/global/resendmail'),
    access: 'public',
    request: () => ({ query: { type: 1 }, body: { username: uniqueEmail('resend') } }),
  },
  {
    method: 'POST',
    url: v1('/global/phoneverify'),
    access: 'public',
    expect: answered,
    request: () => ({ query: { phone: uniquePhone(), purpose: 'register' } }),
  },
  {
    method: 'POST',
    url: v1('/global/forgetverify'),
    access: 'public',
    request: () => ({ body: { username: uniqueEmail('forget') } }),
  },
  {
    method: 'POST',
    url: v1('/global/modifyPwd'),
    access: 'public',
    request: () => ({ body: { username: uniqueEmail('modify'), code: '123456', passwd: 'Secret456' } }),
  },

  {
    method: 'POST',
    url: v1('/global/logout'),
    access: 'signedIn',
    scope: { kind: 'team' },
    freshCaller: true,
  },
  { method: 'GET', url: v1('/global/getUserInfo'), access: 'signedIn', scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/editUserInfo'),
    access: 'signedIn',
    scope: { kind: 'team' },
    request: () => ({ body: { alias_name: 'alias' } }),
  },
  {
    method: 'POST',
    url: v1('/global/changePwd'),
    access: 'signedIn',
    scope: { kind: 'team' },
    freshCaller: true,
    request: ({ self }) => ({ body: { old_passwd: self?.password ?? 'Secret123', passwd: 'Secret456' } }),
  },
  {
    method: 'POST',
    url: v1('/global/removal'),
    access: 'signedIn',
    scope: { kind: 'team' },
    freshCaller: true,
    request: ({ fx, self }) => ({
      body: {
        account: self?.email ?? 'nobody@example.com',
        true_name: self?.name ?? 'Nobody',
        data_center: fx.a.dataCenter,
        contact: '',
        passwd: self?.password ?? 'Secret123',
      },
    }),
  },
  {
    method: 'POST',
    url: v1('/global/add/datacenter'),
    access: 'signedIn',
    scope: { kind: 'team' },
    // SPEC 1105: sub-accounts cannot add data centers.
    expect: subAccounts,
    request: ({ fx }) => ({ body: { data_center: fx.a.dataCenter } }),
  },
  // Regions (docs/regions.md). On a server that is no directory there are no keys (1003), and
  // only a directory's token for this region opens the internal routes (1009 for anyone else).
  { method: 'GET', url: v1('/global/jwks'), access: 'public', expect: { anonymous: 1003 } },
  {
    method: 'GET',
    url: v1('/global/region'),
    access: 'signedIn',
    scope: { kind: 'team' },
    request: ({ fx }) => ({ query: { region: fx.server.config.region } }),
  },
  {
    method: 'POST',
    url: v1('/internal/directory/accounts'),
    access: 'public',
    expect: { anonymous: 1009 },
    request: () => ({
      body: {
        global_id: 1,
        email: 'x@example.com',
        phone: null,
        area_code: null,
        name: 'x',
        contact: '',
        lang: 'en-us',
        team_name: 'x',
        data_center: 'eu',
      },
    }),
  },
  {
    method: 'POST',
    url: v1('/internal/directory/events'),
    access: 'public',
    expect: { anonymous: 1009 },
    request: () => ({ body: { type: 'closed', global_id: 1, at: 1 } }),
  },
  // API keys: every signed-in user manages their own (docs/api.md, "Integrations: API keys").
  { method: 'GET', url: v1('/apikey/list'), access: 'signedIn', scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/apikey/add'),
    access: 'signedIn',
    scope: { kind: 'team' },
    request: () => ({ body: { name: 'matrix', expires_in_days: 1, permissions: [] } }),
  },
  {
    method: 'POST',
    url: v1('/apikey/revoke'),
    access: 'signedIn',
    scope: { kind: 'team' },
    // The caller's own key, made for the cell.
    request: async ({ fx, self }) => {
      if (!self) return { body: { id: 1 } };
      const res = await fx.server.call<{ id: number }>('POST', '/apikey/add', {
        token: self.token,
        body: { name: 'to-revoke', expires_in_days: 1, permissions: [] },
      });
      // A key makes no key (1002): it is refused before the id matters.
      return { body: { id: res.body.data?.id ?? 1 } };
    },
  },
];
