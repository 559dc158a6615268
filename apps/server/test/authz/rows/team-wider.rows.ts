import { ErrorCode, Perm } from '@hmi/domain';
import type { CellContext, MatrixRow } from '../matrix-types.ts';
import { neutralRoleName } from '../team-objects.ts';

/*
 * Acting on someone wider (issue 23, docs/api.md "No wider than yourself"): a sub-account acts
 * only on members and roles whose permissions, zones and data scope are within its own, never on
 * its own role or rights. The targets are `fx.team.wide` (a role wider than both member classes
 * and a member holding it) and the caller's own role or account; the main account acts on fresh
 * ones (`fx.fresh.wideRole()`, `wideMember()`) and succeeds. Zones a caller does not hold are
 * team.rows.ts's zone rows.
 */
const v1 = (path: string) => `/v1${path}`;
const {
  E1002_PERMISSION_DENIED: E1002,
  E1010_USER_NOT_FOUND: E1010,
  E1062_ROLE_NOT_USERS: E1062,
} = ErrorCode;
const E1081 = ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN;

/** Both member classes are refused; team B gets its own code. */
const widerThanCaller = (otherTeam: number) => ({ otherTeam, inScope: E1002, outOfScope: E1002 }) as const;
const role = { kind: 'object', codes: [E1062] } as const;
const member = { kind: 'object', codes: [E1010] } as const;

const wideRoleId = async ({ fx, caller }: CellContext) =>
  caller === 'main' ? (await fx.fresh.wideRole()).id : fx.team.wide.role.id;
const wideMemberId = async ({ fx, caller }: CellContext) =>
  caller === 'main' ? (await fx.fresh.wideMember()).id : fx.team.wide.member.id;

/** The caller's own role (a member class), else a fresh role of team A (the main account has none). */
const ownRoleId = async ({ fx, caller }: CellContext) =>
  caller === 'inScope'
    ? fx.roles.inScope
    : caller === 'outOfScope'
      ? fx.roles.outOfScope
      : (await fx.fresh.role()).id;

export const widerRows: MatrixRow[] = [
  {
    method: 'POST',
    url: v1('/system/role/edit'),
    access: [Perm.RoleEdit],
    // Stripping permissions (26, 27...) from a wider role.
    scope: role,
    expect: widerThanCaller(E1062),
    request: async (ctx) => ({ body: { id: await wideRoleId(ctx), permissions: [Perm.DeviceView] } }),
  },
  {
    method: 'POST',
    url: v1('/system/role/edit'),
    access: [Perm.RoleEdit],
    // One's own role, even a rename within what one holds.
    scope: role,
    expect: widerThanCaller(E1062),
    request: async (ctx) => ({ body: { id: await ownRoleId(ctx), name: neutralRoleName() } }),
  },
  {
    method: 'POST',
    url: v1('/system/role/delete'),
    access: [Perm.RoleDelete],
    scope: role,
    expect: widerThanCaller(E1062),
    request: async (ctx) => ({ body: { id: await wideRoleId(ctx) } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/role'),
    access: [Perm.UserEdit],
    // Demoting a wider member (to the team role).
    scope: member,
    expect: widerThanCaller(E1010),
    request: async (ctx) => ({ body: { user_id: await wideMemberId(ctx), role_id: ctx.fx.team.role.id } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/delete'),
    access: [Perm.UserDelete],
    scope: member,
    expect: widerThanCaller(E1010),
    request: async (ctx) => ({ body: { user_id: await wideMemberId(ctx) } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/datapm'),
    access: [Perm.UserDataPm],
    // Data permissions of a wider member, even ones inside the caller's own scope.
    scope: member,
    expect: widerThanCaller(E1010),
    request: async (ctx) => ({
      body: { user_id: await wideMemberId(ctx), grants: { devices: [ctx.fx.scoped.device.id] } },
    }),
  },
  {
    method: 'POST',
    url: v1('/system/user/datapm'),
    access: [Perm.UserDataPm],
    // One's own data permissions: 1002 for a sub-account, 1081 for a main account (team B's too).
    scope: member,
    expect: { otherTeam: E1081, inScope: E1002, outOfScope: E1002, main: E1081 },
    request: ({ fx, self }) => ({
      body: { user_id: self?.id ?? 1, grants: { devices: [fx.scoped.device.id] } },
    }),
  },
];
