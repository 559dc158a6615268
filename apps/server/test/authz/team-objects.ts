import { allPermissionIds, Perm, type InvitationItem, type ZoneItem } from '@hmi/domain';
import { createActiveUserDirect } from '../../src/modules/messages/message-test-helpers.ts';
import { ok, type Fixture } from './fixture.ts';
import { neutral, TEAM_MARK } from './marks.ts';
import { addMember, createRole, setRoleZones, type Member, type RoleScope } from './members.ts';

/**
 * Team A's team-administration objects (the team suite builds them: the other suites do not
 * need them). Roles, zones and members belong to the team, not to a data scope, so their names
 * carry the team mark; a role's name is at most 10 characters: the mark and two digits.
 */
export interface TeamObjects {
  /** A role granting the fixture objects and holding the zone; held by `member`. */
  role: { id: number };
  /** A zone held by `role` and by the in-scope role. */
  zone: { id: number };
  /** A sub-account of team A holding `role`. */
  member: Member;
  /** A pending invitation of team A (role `role`) to an account outside both teams. */
  invitation: { id: number; inviteeId: number };
  /** A device in the in-scope role's data scope, in `zone`. */
  zonedDevice: { id: number };
  /** A sub-account of team B (a role of team B), for team B's calls naming team A's role. */
  bMember: Member;
  /**
   * "Someone wider" than every sub-account caller (no wider than yourself): a role holding every
   * permission, the fixture objects and the decoys, the team zone and a zone of its own, and a
   * sub-account holding it.
   */
  wide: { role: { id: number }; member: Member; zone: { id: number } };
}

let roleSequence = 10;
/** A role name of team A: the team mark and two digits (never the scope mark). */
export const markedRoleName = () =>
  `${TEAM_MARK}${(roleSequence = roleSequence >= 99 ? 10 : roleSequence + 1)}`;

let zoneSequence = 0;
/** A zone name of team A (letters and digits only). */
export const markedZoneName = () => `${TEAM_MARK}Zone${Date.now().toString(36)}${++zoneSequence}`;
/** A zone or role name a request sends (no mark; a role's at most 10 characters). */
export const neutralZoneName = () => `N${Date.now().toString(36)}${++zoneSequence}`;
export const neutralRoleName = () =>
  `r${(++zoneSequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A zone of team A made by its main account. */
export async function markedZone(fx: Fixture): Promise<{ id: number }> {
  const zone = await ok<ZoneItem>(fx.server, fx.a.main.token, '/system/safeZone/add', {
    name: markedZoneName(),
  });
  return { id: zone.id };
}

/** A pending invitation of team A to a new account outside both teams. */
export async function markedInvitation(
  fx: Fixture,
  roleId: number,
): Promise<{ id: number; inviteeId: number }> {
  const invitee = await createActiveUserDirect(fx.server);
  const item = await ok<InvitationItem>(fx.server, fx.a.main.token, '/system/user/invite', {
    account: invitee.email,
    role_id: roleId,
  });
  return { id: item.id, inviteeId: invitee.userId };
}

/** The data permissions of the wide role: the in-scope role's and the out-of-scope role's objects. */
export const wideScope = (fx: Fixture): RoleScope => ({
  devices: [fx.scoped.device.id, fx.decoy.device.id],
  groups: [fx.scoped.group.id, fx.decoy.group.id],
  templates: [fx.scoped.template.id, fx.decoy.template.id],
  projects: [],
});

/** A role of team A wider than every sub-account caller of the matrix (see TeamObjects.wide). */
export async function wideRole(fx: Fixture, zoneIds: readonly number[]): Promise<number> {
  const id = await createRole(fx.server, fx.a.teamId, allPermissionIds, wideScope(fx), markedRoleName());
  await setRoleZones(fx.server, id, zoneIds);
  return id;
}

export async function buildTeamObjects(fx: Fixture): Promise<TeamObjects> {
  const { server } = fx;
  const zone = await markedZone(fx);
  const role = await createRole(
    server,
    fx.a.teamId,
    [Perm.DeviceView, Perm.DeviceMonitor],
    fx.inScope,
    markedRoleName(),
  );
  await setRoleZones(server, role, [zone.id]);
  await setRoleZones(server, fx.roles.inScope, [zone.id]);
  const member = await addMember(server, fx.a, role, `${TEAM_MARK}_member`);
  const invitation = await markedInvitation(fx, role);
  const zonedDevice = await fx.fresh.device();
  await ok(server, fx.a.main.token, '/system/safeZone/assign', {
    zone_id: zone.id,
    device_ids: [zonedDevice.id],
  });
  const bRole = await createRole(server, fx.b.teamId, allPermissionIds);
  const bMember = await addMember(server, fx.b, bRole, neutral('B'));
  const wideZone = await markedZone(fx);
  const wide = await wideRole(fx, [zone.id, wideZone.id]);
  const wideMember = await addMember(server, fx.a, wide, `${TEAM_MARK}_wide`);
  return {
    role: { id: role },
    zone,
    member,
    invitation,
    zonedDevice,
    bMember,
    wide: { role: { id: wide }, member: wideMember, zone: wideZone },
  };
}
