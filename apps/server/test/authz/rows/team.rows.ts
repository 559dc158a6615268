import { ErrorCode, Perm } from '@hmi/domain';
import { createActiveUserDirect } from '../../../src/modules/messages/message-test-helpers.ts';
import type { Fixture } from '../fixture.ts';
import type { CellReply } from '../http.ts';
import type { CallerClass, CellContext, MatrixRow } from '../matrix-types.ts';
import { neutralRoleName, neutralZoneName } from '../team-objects.ts';
import { widerRows } from './team-wider.rows.ts';

/*
 * Team administration (role, member, invitation and zone modules). Roles, members, invitations
 * and zones belong to the team, not to a data scope: the out-of-scope member may act on them
 * (teamWide), except where a call grants or hands over data (a role's grants, a role given or
 * invited with, a device moved to a zone), which a sub-account does only inside its own scope
 * (1002). Some routes get a second row with the request of another refusal (role in use, the
 * main account, oneself): same route, other ids.
 */
const v1 = (path: string) => `/v1${path}`;
const { E1002_PERMISSION_DENIED: E1002, E1003_NO_DATA: E1003, E1010_USER_NOT_FOUND: E1010 } = ErrorCode;
const E1062 = ErrorCode.E1062_ROLE_NOT_USERS;

const role = { kind: 'object', codes: [E1062], teamWide: true } as const;
const member = { kind: 'object', codes: [E1010], teamWide: true } as const;
const teamObject = { kind: 'object', teamWide: true } as const;
/** Every team A caller that passes the guard gets the code; team B its own. */
const refusedToAll = (code: number, otherTeam: number) =>
  ({ otherTeam, outOfScope: code, inScope: code, main: code }) as const;

const dataOf = <T>(reply: CellReply): T | undefined =>
  reply.code === 0 ? (JSON.parse(reply.text) as { data: T }).data : undefined;

/** The fixture objects' ids in id lists: shown to the main account and the in-scope member only. */
function fixtureIds(
  { fx, caller }: CellContext,
  lists: { groups: number[]; devices: number[]; templates: number[] } | undefined,
): string[] {
  if (!lists) return [];
  const shown = [
    lists.groups.includes(fx.scoped.group.id),
    lists.devices.includes(fx.scoped.device.id),
    lists.templates.includes(fx.scoped.template.id),
  ];
  if (caller === 'outOfScope' || caller === 'otherTeam')
    return shown.some(Boolean) ? [`ids outside the caller's scope: ${JSON.stringify(lists)}`] : [];
  return shown.every(Boolean) ? [] : [`the fixture ids are missing, so hiding them proves nothing`];
}

/** A role/add row whose grants (or zones) name team A's objects; team B gets `otherTeam`. */
const roleAdd = (
  otherTeam: number,
  grants: (fx: Fixture) => { grants?: object; zones?: number[] },
): MatrixRow => ({
  method: 'POST',
  url: v1('/system/role/add'),
  access: [Perm.RoleAdd],
  // A sub-account grants only what it holds: the fixture objects and zone are outside the
  // out-of-scope member's.
  scope: { kind: 'object' },
  expect: { otherTeam, outOfScope: E1002 },
  request: ({ fx }) => ({
    body: { name: neutralRoleName(), permissions: [Perm.DeviceView], ...grants(fx) },
  }),
});

const inScopeGrants = (fx: Fixture) => ({
  groups: [fx.scoped.group.id],
  devices: [fx.scoped.device.id],
  templates: [fx.scoped.template.id],
});

const self = (ctx: CellContext) => ctx.self?.id ?? 1;

/** The project picker lists exactly the projects of the caller's scope (the decoy: main account only). */
function pickedProjects({ fx, caller }: CellContext, reply: CellReply): string[] {
  const ids = dataOf<{ list: { id: number }[] }>(reply)?.list.map((p) => p.id);
  if (!ids) return [];
  const shown: Partial<Record<CallerClass, string>> = {
    main: 'both',
    inScope: 'scoped',
    outOfScope: 'decoy',
  };
  const scoped = ids.includes(fx.scoped.project.id);
  const decoy = ids.includes(fx.decoy.project.id);
  const got = scoped && decoy ? 'both' : scoped ? 'scoped' : decoy ? 'decoy' : 'none';
  const want = shown[caller];
  return want && want !== got ? [`${caller}: projects ${JSON.stringify(ids)}, expected ${want}`] : [];
}

export const teamRows: MatrixRow[] = [
  // Acting on someone wider, and on one's own role or rights (team-wider.rows.ts).
  ...widerRows,

  // Roles.
  { method: 'GET', url: v1('/system/role/list'), access: [Perm.RoleView], scope: { kind: 'team' } },
  {
    method: 'GET',
    url: v1('/system/role/detail'),
    access: [Perm.RoleView],
    scope: role,
    request: ({ fx }) => ({ query: { id: fx.team.role.id } }),
    check: (ctx, reply) => fixtureIds(ctx, dataOf<{ grants: never }>(reply)?.grants),
  },
  roleAdd(ErrorCode.E1080_INVITED_GROUP_NOT_USERS, (fx) => ({
    grants: inScopeGrants(fx),
    zones: [fx.team.zone.id],
  })),
  roleAdd(ErrorCode.E1079_INVITED_TEMPLATE_NOT_USERS, (fx) => ({
    grants: { templates: [fx.scoped.template.id] },
  })),
  roleAdd(E1003, (fx) => ({ grants: { devices: [fx.scoped.device.id] } })),
  roleAdd(E1003, (fx) => ({ zones: [fx.team.zone.id] })),
  {
    method: 'POST',
    url: v1('/system/role/edit'),
    access: [Perm.RoleEdit],
    scope: { kind: 'object' },
    expect: { otherTeam: E1062, outOfScope: E1002 },
    request: async ({ fx, allowed }) => ({
      body: {
        id: allowed ? (await fx.fresh.role()).id : fx.team.role.id,
        grants: { devices: [fx.scoped.device.id] },
      },
    }),
  },
  {
    method: 'POST',
    url: v1('/system/role/delete'),
    access: [Perm.RoleDelete],
    scope: role,
    // The role grants the fixture objects: wider than the out-of-scope member (no wider than yourself).
    expect: { outOfScope: E1002 },
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.role()).id : fx.team.role.id },
    }),
  },
  {
    method: 'POST',
    url: v1('/system/role/delete'),
    access: [Perm.RoleDelete],
    scope: role,
    // The team role is held by the second member (and wider than the out-of-scope member).
    expect: { ...refusedToAll(ErrorCode.E1072_ROLE_IN_USE, E1062), outOfScope: E1002 },
    request: ({ fx }) => ({ body: { id: fx.team.role.id } }),
  },
  { method: 'GET', url: v1('/system/role/permissions'), access: [Perm.RoleView], scope: { kind: 'team' } },
  ...(['devices', 'groups', 'templates', 'projects'] as const).map((kind): MatrixRow => ({
    method: 'GET',
    url: v1(`/system/role/pick/${kind}`),
    access: [Perm.RoleView],
    // The picker lists the caller's objects (marked when the role grants them).
    scope: { kind: 'list' },
    expect: { otherTeam: E1062 },
    request: ({ fx }) => ({ query: { id: fx.team.role.id } }),
    ...(kind === 'projects' ? { check: pickedProjects } : {}),
  })),

  // Members.
  { method: 'GET', url: v1('/system/user/list'), access: [Perm.UserView], scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/system/user/role'),
    access: [Perm.UserEdit],
    scope: member,
    // A sub-account gives only a role within its own scope: the team role grants the fixture objects.
    expect: { outOfScope: E1002 },
    request: ({ fx }) => ({ body: { user_id: fx.team.member.id, role_id: fx.team.role.id } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/role'),
    access: [Perm.UserEdit],
    scope: member,
    // Team B names its own member and team A's role.
    expect: { otherTeam: E1062, outOfScope: E1002 },
    request: ({ fx, caller }) => ({
      body: {
        user_id: caller === 'otherTeam' ? fx.team.bMember.id : fx.team.member.id,
        role_id: fx.team.role.id,
      },
    }),
  },
  {
    method: 'POST',
    url: v1('/system/user/role'),
    access: [Perm.UserEdit],
    scope: member,
    // Only invited, not a member yet.
    expect: refusedToAll(ErrorCode.E1075_NOT_ACCEPTED, E1010),
    request: ({ fx }) => ({ body: { user_id: fx.team.invitation.inviteeId, role_id: fx.team.role.id } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/role'),
    access: [Perm.UserEdit],
    scope: member,
    expect: refusedToAll(ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN, E1010),
    request: ({ fx }) => ({ body: { user_id: fx.a.main.id, role_id: fx.team.role.id } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/role'),
    access: [Perm.UserEdit],
    scope: member,
    // Oneself: 1002 for a sub-account, 1081 for a main account (team B's too).
    expect: {
      otherTeam: ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN,
      outOfScope: E1002,
      inScope: E1002,
      main: ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN,
    },
    request: (ctx) => ({ body: { user_id: self(ctx), role_id: ctx.fx.team.role.id } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/delete'),
    access: [Perm.UserDelete],
    scope: member,
    // The member's role grants the fixture objects: wider than the out-of-scope member.
    expect: { outOfScope: E1002 },
    request: async ({ fx, allowed }) => ({
      body: { user_id: allowed ? (await fx.fresh.member()).id : fx.team.member.id },
    }),
  },
  {
    method: 'POST',
    url: v1('/system/user/delete'),
    access: [Perm.UserDelete],
    scope: member,
    expect: refusedToAll(ErrorCode.E1077_CANNOT_REMOVE_MAIN, E1010),
    request: ({ fx }) => ({ body: { user_id: fx.a.main.id } }),
  },
  {
    method: 'POST',
    url: v1('/system/user/delete'),
    access: [Perm.UserDelete],
    scope: member,
    expect: {
      otherTeam: ErrorCode.E1077_CANNOT_REMOVE_MAIN,
      outOfScope: E1002,
      inScope: E1002,
      main: ErrorCode.E1077_CANNOT_REMOVE_MAIN,
    },
    request: (ctx) => ({ body: { user_id: self(ctx) } }),
  },
  {
    method: 'GET',
    url: v1('/system/user/datapm'),
    access: [Perm.UserDataPm],
    scope: member,
    request: ({ fx }) => ({ query: { user_id: fx.team.member.id } }),
    check: (ctx, reply) => fixtureIds(ctx, dataOf<{ role_grants: never }>(reply)?.role_grants),
  },
  {
    method: 'POST',
    url: v1('/system/user/datapm'),
    access: [Perm.UserDataPm],
    scope: member,
    expect: { outOfScope: E1002 },
    request: ({ fx }) => ({
      body: { user_id: fx.team.member.id, grants: { devices: [fx.scoped.device.id] } },
    }),
  },
  {
    method: 'GET',
    url: v1('/system/user/pick/devices'),
    access: [Perm.UserDataPm],
    scope: { kind: 'list' },
    expect: { otherTeam: E1010 },
    request: ({ fx }) => ({ query: { id: fx.team.member.id } }),
  },
  {
    method: 'GET',
    url: v1('/system/user/access'),
    access: [Perm.UserView],
    // The member's devices inside the caller's own scope.
    scope: { kind: 'list' },
    expect: { otherTeam: E1010 },
    request: ({ fx }) => ({ query: { user_id: fx.team.member.id } }),
  },
  {
    method: 'POST',
    url: v1('/team/leave'),
    access: 'signedIn',
    scope: { kind: 'team' },
    freshCaller: true,
    // A fresh main account (team A's class, and team B's) is in no one else's team.
    expect: { main: ErrorCode.E1071_NOT_IN_TEAM, otherTeam: ErrorCode.E1071_NOT_IN_TEAM },
  },

  // Invitations.
  {
    method: 'POST',
    url: v1('/system/user/invite'),
    access: [Perm.UserInvite],
    scope: { kind: 'object' },
    expect: { otherTeam: E1062, outOfScope: E1002 },
    request: async ({ fx }) => ({
      body: { account: (await createActiveUserDirect(fx.server)).email, role_id: fx.team.role.id },
    }),
  },
  { method: 'GET', url: v1('/system/user/invitations'), access: [Perm.UserView], scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/system/user/invitation/cancel'),
    access: [Perm.UserInvite],
    scope: teamObject,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.invitation()).id : fx.team.invitation.id },
    }),
  },
  { method: 'GET', url: v1('/msg/team/invation'), access: 'signedIn', scope: { kind: 'team' } },
  ...(['/team/invitation/confirm/check', '/team/invitation/confirm'] as const).map((path): MatrixRow => ({
    method: 'POST',
    url: v1(path),
    access: 'signedIn',
    // Team A's invitation to someone else: every caller but its invitee gets 1003.
    scope: { kind: 'object' },
    expect: { withoutPermission: E1003, ...refusedToAll(E1003, E1003) },
    request: ({ fx }) => ({ body: { id: fx.team.invitation.id, accept: true } }),
  })),

  // Security zones.
  { method: 'GET', url: v1('/system/safeZone/list'), access: [Perm.SafeZoneView], scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/system/safeZone/add'),
    access: [Perm.SafeZoneAdd],
    scope: { kind: 'team' },
    request: () => ({ body: { name: neutralZoneName() } }),
  },
  {
    method: 'POST',
    url: v1('/system/safeZone/edit'),
    access: [Perm.SafeZoneEdit],
    // A sub-account renames only zones it holds: the out-of-scope member holds none (1002).
    scope: { kind: 'object' },
    expect: { outOfScope: E1002 },
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.heldZone()).id : fx.team.zone.id, name: neutralZoneName() },
    }),
  },
  {
    method: 'POST',
    url: v1('/system/safeZone/edit'),
    access: [Perm.SafeZoneEdit],
    // A zone no role holds: renaming it is the main account's alone.
    scope: { kind: 'object' },
    expect: { inScope: E1002, outOfScope: E1002 },
    request: async ({ fx }) => ({ body: { id: (await fx.fresh.zone()).id, name: neutralZoneName() } }),
  },
  {
    method: 'POST',
    url: v1('/system/safeZone/delete'),
    access: [Perm.SafeZoneDelete],
    // A zone no role holds (deleting it would unlock its devices): the main account's alone.
    scope: { kind: 'object' },
    expect: { inScope: E1002, outOfScope: E1002 },
    request: async ({ fx }) => ({ body: { id: (await fx.fresh.zone()).id } }),
  },
  {
    method: 'POST',
    url: v1('/system/safeZone/delete'),
    access: [Perm.SafeZoneDelete],
    scope: { kind: 'object' },
    // Held by the team role and the in-scope role (1067); the out-of-scope member does not hold it.
    expect: { ...refusedToAll(ErrorCode.E1067_ZONE_IN_USE, E1003), outOfScope: E1002 },
    request: ({ fx }) => ({ body: { id: fx.team.zone.id } }),
  },
  {
    method: 'POST',
    url: v1('/system/safeZone/assign'),
    access: [Perm.SafeZoneEdit],
    // Team B: team A's zone; the out-of-scope member: a device outside its scope.
    scope: { kind: 'object' },
    request: async ({ fx, allowed }) => ({
      body: {
        zone_id: fx.team.zone.id,
        device_ids: [allowed ? (await fx.fresh.device()).id : fx.scoped.device.id],
      },
    }),
  },
  {
    method: 'GET',
    url: v1('/system/safeZone/device-zones'),
    access: [Perm.SafeZoneView],
    scope: { kind: 'team' },
    request: ({ fx }) => ({ query: { device_ids: [fx.team.zonedDevice.id, fx.scoped.device.id] } }),
    // Devices outside the caller's scope are left out.
    check: ({ fx, caller }, reply) => {
      const list = dataOf<{ list: { device_id: number }[] }>(reply)?.list;
      if (!list) return [];
      const shown = list.some((z) => z.device_id === fx.team.zonedDevice.id);
      const wanted = !(['outOfScope', 'otherTeam'] as CallerClass[]).includes(caller);
      return shown === wanted ? [] : [`the zoned device is ${shown ? 'shown' : 'missing'}: ${reply.text}`];
    },
  },
];
