import { ErrorCode, Perm } from '@hmi/domain';
import { expect } from 'vitest';
import type { TestServer } from '../../test-server.ts';
import type { FakeHmi } from '../../../src/modules/remote/remote-test-helpers.ts';

/*
 * Session re-check events (issue 23 item 2; docs/architecture.md, Remote access): every change
 * that can take away a user's right to a remote session, made through HTTP as a user would make
 * it, and whose session it must end at once (close 4000 'access', record ended 'access'). One
 * row per event; remote-recheck.authz.test.ts runs each against a running tunnel through a fake
 * HMI, with the periodic flush (which also checks bindings) slowed to a minute: only the event
 * can end the session in time. A session of the team's main account on the same device is the
 * control: it survives every event that does not concern it.
 */

/** What a row works with: a fresh team (main account "Owner"), its device and the session holder. */
export interface RecheckContext {
  server: TestServer;
  main: { token: string; email: string; password: string; teamId: number; dataCenter: string };
  hmi: FakeHmi;
  /** The session holder (the main account in the rows that say so). */
  holder: {
    id: number;
    token: string;
    refresh: string;
    email: string;
    password: string;
    roleId: number | null;
  };
  /** Team B's main account (binds the device in the binding rows). */
  other: { token: string };
  /** Ids the row's setup made (groups, zones). */
  made: Record<string, number>;
}

export interface RecheckRow {
  event: string;
  /** Whose session: a member (default: permissions hmi 6 + device view 2, the device granted) or the main account. */
  holder?: 'member' | 'main';
  permissions?: number[];
  /** The member's device reaches them by a group grant instead of a device grant. */
  byGroup?: boolean;
  /** Before the session opens (the holder exists). */
  setup?: (c: RecheckContext) => Promise<void>;
  /** The event, through HTTP. */
  act: (c: RecheckContext) => Promise<void>;
  /** Whether the main account's own session on the device ends too (the binding rows). */
  endsAll?: boolean;
}

const ok = async (res: Promise<{ body: { code: number } }>, what: string) =>
  expect((await res).body.code, what).toBe(0);

const post = (c: RecheckContext, path: string, token: string, body?: object) =>
  c.server.call('POST', path, { token, ...(body ? { body } : {}) });

const group = async (c: RecheckContext, name: string, parent: number | null = null) => {
  const res = await c.server.call<{ id: number }>('POST', '/device/group/add', {
    token: c.main.token,
    body: { name, parent_id: parent },
  });
  expect(res.body.code, 'group add').toBe(0);
  return res.body.data.id;
};

export const recheckRows: RecheckRow[] = [
  {
    event: 'unbind (binding wall)',
    endsAll: true,
    act: (c) => ok(post(c, '/device/unbind', c.main.token, { ids: [c.hmi.id] }), 'unbind'),
  },
  {
    event: 'bind by another team (binding wall; the unbind event was lost)',
    endsAll: true,
    act: async (c) => {
      // The device left the team without the event (a bus message is delivered at most once).
      await c.server.app.db
        .updateTable('devices')
        .set({ team_id: null })
        .where('id', '=', c.hmi.id)
        .execute();
      await ok(
        post(c, '/device/bind', c.other.token, { sn: c.hmi.sn, pin: c.hmi.secret, name: `B${c.hmi.id}` }),
        'bind by team B',
      );
    },
  },
  {
    event: 'device moved to another group',
    byGroup: true,
    setup: async (c) => {
      c.made.granted = await group(c, `in${c.hmi.id}`);
      c.made.other = await group(c, `out${c.hmi.id}`);
      await ok(
        post(c, '/device/move', c.main.token, { ids: [c.hmi.id], group_id: c.made.granted }),
        'move in',
      );
    },
    act: (c) =>
      ok(post(c, '/device/move', c.main.token, { ids: [c.hmi.id], group_id: c.made.other }), 'move out'),
  },
  {
    event: 'device edited into another group (/device/edit)',
    byGroup: true,
    setup: async (c) => {
      c.made.granted = await group(c, `in${c.hmi.id}`);
      c.made.other = await group(c, `out${c.hmi.id}`);
      await ok(
        post(c, '/device/move', c.main.token, { ids: [c.hmi.id], group_id: c.made.granted }),
        'move in',
      );
    },
    act: (c) => ok(post(c, '/device/edit', c.main.token, { id: c.hmi.id, group_id: c.made.other }), 'edit'),
  },
  {
    event: 'its group moved out of the granted group',
    byGroup: true,
    setup: async (c) => {
      c.made.granted = await group(c, `top${c.hmi.id}`);
      c.made.sub = await group(c, `sub${c.hmi.id}`, c.made.granted);
      await ok(post(c, '/device/move', c.main.token, { ids: [c.hmi.id], group_id: c.made.sub }), 'move in');
    },
    act: (c) =>
      ok(post(c, '/device/group/move', c.main.token, { id: c.made.sub, parent_id: null }), 'group move'),
  },
  {
    event: 'device assigned to a zone the role does not hold',
    act: async (c) => {
      const zone = await c.server.call<{ id: number }>('POST', '/system/safeZone/add', {
        token: c.main.token,
        body: { name: `Z${c.hmi.id}` },
      });
      expect(zone.body.code).toBe(0);
      await ok(
        post(c, '/system/safeZone/assign', c.main.token, {
          zone_id: zone.body.data.id,
          device_ids: [c.hmi.id],
        }),
        'assign',
      );
    },
  },
  {
    event: 'role changed (hmi 6 taken away)',
    act: (c) =>
      ok(
        post(c, '/system/role/edit', c.main.token, { id: c.holder.roleId, permissions: [Perm.DeviceView] }),
        'role edit',
      ),
  },
  {
    event: "role's data grants changed (device taken away)",
    act: (c) =>
      ok(
        post(c, '/system/role/edit', c.main.token, { id: c.holder.roleId, grants: { devices: [] } }),
        'grants edit',
      ),
  },
  {
    event: "member's own data grants changed (datapm)",
    setup: async (c) => {
      await c.server.app.db.deleteFrom('role_grants').where('role_id', '=', c.holder.roleId!).execute();
      await ok(
        post(c, '/system/user/datapm', c.main.token, {
          user_id: c.holder.id,
          grants: { devices: [c.hmi.id] },
        }),
        'grant',
      );
    },
    act: (c) =>
      ok(
        post(c, '/system/user/datapm', c.main.token, { user_id: c.holder.id, grants: { devices: [] } }),
        'revoke',
      ),
  },
  {
    event: 'member removed from the team',
    act: (c) => ok(post(c, '/system/user/delete', c.main.token, { user_id: c.holder.id }), 'remove'),
  },
  {
    event: 'logout',
    act: (c) => ok(post(c, '/global/logout', c.holder.token), 'logout'),
  },
  {
    event: 'password change',
    act: (c) =>
      ok(
        post(c, '/global/changePwd', c.holder.token, { old_passwd: c.holder.password, passwd: 'NewPass99x' }),
        'changePwd',
      ),
  },
  {
    event: 'session family revoked (a refresh token replayed)',
    act: async (c) => {
      const refresh = (token: string) =>
        c.server.call('POST', '/refreshtoken?from=web', { token, body: { force: false } });
      const first = await refresh(c.holder.refresh);
      expect(first.body.code, 'first refresh').toBe(0);
      const next = (first.body.data as { refresh_token: string }).refresh_token;
      expect((await refresh(next)).body.code, 'second refresh').toBe(0);
      // Older than the token just replaced: a replay even inside REFRESH_REUSE_GRACE.
      expect((await refresh(c.holder.refresh)).body.code, 'replay').toBe(
        ErrorCode.E1040_REFRESH_TOKEN_EXPIRED,
      );
    },
  },
  {
    event: 'account closure',
    holder: 'main',
    endsAll: true,
    act: (c) =>
      ok(
        post(c, '/global/removal', c.main.token, {
          account: c.main.email,
          true_name: 'Owner',
          data_center: c.main.dataCenter,
          contact: '',
          passwd: c.main.password,
        }),
        'removal',
      ),
  },
];
