import type { Generated, Selectable } from 'kysely';
import type { JsonText, Ms } from './columns.ts';

// Who may see and do what in a team: roles, data permissions, zones and invitations (the role, zone, member and invitation modules).

/** What a data permission names (migration 0010). */
export type GrantKind = 'device' | 'group' | 'template' | 'project';

/** A role's data permission on one object (migration 0010). */
export interface RoleGrantsTable {
  role_id: number;
  kind: GrantKind;
  object_id: number;
}

/**
 * A member's own data permission on one object, beside their role's (migration 0010): granted
 * when they created the object ('creator') or by an administrator (user data-pm 38, 'admin').
 */
export interface MemberGrantsTable {
  user_id: number;
  team_id: number;
  kind: GrantKind;
  object_id: number;
  source: 'creator' | 'admin';
  created_at: Ms;
}

/** Security zones of a team (migration 0010). */
export interface ZonesTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: Ms;
  updated_at: Ms;
}

export interface RoleZonesTable {
  role_id: number;
  zone_id: number;
}

/** The zone of a device (at most one); team_id is the team that assigned it (migration 0010). */
export interface DeviceZonesTable {
  device_id: number;
  zone_id: number;
  team_id: number;
}

export type InvitationState = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'voided';

/** An invitation to join a team (migration 0010). */
export interface InvitationsTable {
  id: Generated<number>;
  team_id: number;
  inviter_id: number;
  invitee_id: number;
  role_id: number | null;
  channel: 'email' | 'phone';
  account: string;
  state: InvitationState;
  void_reason: string | null;
  created_at: Ms;
  expires_at: Ms;
  decided_at: Ms | null;
}

export interface RolesTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  /** JSON array of permission ids (data permissions and zones are link tables, migration 0010). */
  permissions: JsonText;
  created_at: Ms;
  updated_at: Ms;
}

export interface TeamAccessTables {
  roles: RolesTable;
  role_grants: RoleGrantsTable;
  member_grants: MemberGrantsTable;
  zones: ZonesTable;
  role_zones: RoleZonesTable;
  device_zones: DeviceZonesTable;
  invitations: InvitationsTable;
}

export type Role = Selectable<RolesTable>;
export type Zone = Selectable<ZonesTable>;
export type Invitation = Selectable<InvitationsTable>;
