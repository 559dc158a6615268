import type { AccessReason, InvitationItem, MemberAccessItem, MemberItem } from '@hmi/domain';

/** The row actions of a member, in their order on the row. A new action (data permissions) adds its key here. */
export type MemberAction = 'access' | 'datapm' | 'role' | 'remove';

/** What the caller may do on the members screen (permission ids 24, 26, 27, 38). */
export interface MemberRights {
  view: boolean;
  edit: boolean;
  remove: boolean;
  /** The member's own data permissions (38). */
  dataPm?: boolean;
}

/**
 * The actions a member's row offers the caller: the effective access of anyone (the main account
 * included); data permissions, a role change or removal for sub-accounts other than the caller (the server refuses
 * the main account, 1077/1081, and one's own row, 1002: leaving is the way out).
 */
export function memberActions(
  member: MemberItem,
  callerId: number | undefined,
  rights: MemberRights,
): MemberAction[] {
  const managed = !member.is_main && member.id !== callerId;
  const actions: MemberAction[] = [];
  if (rights.view) actions.push('access');
  if (managed && rights.dataPm) actions.push('datapm');
  if (managed && rights.edit) actions.push('role');
  if (managed && rights.remove) actions.push('remove');
  return actions;
}

/** How an account reads: the email address, else the phone number after its area code. */
export function accountText(member: Pick<MemberItem, 'account' | 'email' | 'phone' | 'area_code'>): string {
  if (member.email) return member.email;
  if (member.phone) return [member.area_code, member.phone].filter(Boolean).join(' ');
  return member.account;
}

export type InvitationStateName = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'voided';

const STATE_NAMES: readonly InvitationStateName[] = [
  'pending',
  'accepted',
  'rejected',
  'cancelled',
  'voided',
];
const STATE_COLORS: Readonly<Record<InvitationStateName, string>> = {
  pending: 'processing',
  accepted: 'success',
  rejected: 'error',
  cancelled: 'default',
  voided: 'warning',
};

/** An invitation's state tag: its name (i18n key `invitation.state.<name>`), antd Tag color, and the void reason key. */
export function invitationStateTag(item: Pick<InvitationItem, 'state' | 'void_reason'>) {
  const name = STATE_NAMES[item.state] ?? 'voided';
  return {
    name,
    color: STATE_COLORS[name],
    reasonKey:
      name === 'voided' && item.void_reason ? `invitation.voidReason.${item.void_reason}` : undefined,
  };
}

/** Cancelling applies to pending invitations only (a decided one answers 1074/1082/1084). */
export const canCancelInvitation = (item: Pick<InvitationItem, 'state'>) => item.state === 0;

/** i18n key and params of one reason a member sees a device (keys under `access.via`). */
export function accessReasonKey(reason: AccessReason): { key: string; params: Record<string, string> } {
  switch (reason.kind) {
    case 'main':
      return { key: 'access.via.main', params: {} };
    case 'role_device':
      return { key: 'access.via.roleDevice', params: {} };
    case 'role_group':
      return { key: 'access.via.roleGroup', params: { group: reason.group_name } };
    case 'member_device':
      return { key: `access.via.memberDevice.${reason.source}`, params: {} };
    case 'member_group':
      return { key: `access.via.memberGroup.${reason.source}`, params: { group: reason.group_name } };
  }
}

/** Every reason of a device as readable lines (translated by `t`), role grants first, duplicates dropped. */
export function accessReasonLines(
  via: readonly AccessReason[],
  t: (key: string, params: Record<string, string>) => string,
): string[] {
  const rank: Record<AccessReason['kind'], number> = {
    main: 0,
    role_device: 1,
    role_group: 2,
    member_device: 3,
    member_group: 4,
  };
  const lines = [...via]
    .sort((a, b) => rank[a.kind] - rank[b.kind])
    .map((r) => {
      const { key, params } = accessReasonKey(r);
      return t(key, params);
    });
  return [...new Set(lines)];
}

export type OperateState = 'yes' | 'permission' | 'zone';

/** Whether a member may operate a device: yes, or which rule stops them (i18n key `access.operate.<state>`). */
export function operateState(item: Pick<MemberAccessItem, 'can_operate' | 'blocked_by'>): {
  state: OperateState;
  color: string;
} {
  if (item.can_operate) return { state: 'yes', color: 'success' };
  return item.blocked_by === 'zone'
    ? { state: 'zone', color: 'warning' }
    : { state: 'permission', color: 'default' };
}

export interface RoleChoice {
  id: number;
  name: string;
}

/**
 * The roles offered by the selects: the team's roles when the caller may list them (role view
 * 28); otherwise the roles the caller can tell from what it has (its own role, the roles of the
 * members shown), by name.
 */
export function roleChoices(
  listed: readonly RoleChoice[] | undefined,
  known: ReadonlyArray<{ id: number | null; name: string | null } | null | undefined>,
): RoleChoice[] {
  if (listed) return listed.map(({ id, name }) => ({ id, name }));
  const byId = new Map<number, string>();
  for (const r of known) if (r && r.id !== null && r.name !== null && !byId.has(r.id)) byId.set(r.id, r.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
