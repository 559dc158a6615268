import type { Region } from '../constants/regions.constants.ts';
import { Perm } from './permission-ids.ts';
import type { PermId } from './permission-ids.ts';

export type PermissionEntry = { readonly id: PermId; readonly name: string };

/**
 * Permission groups with the names of SPEC section 6, in the order the role editor shows them.
 * 45 belongs to no group: its meaning is not shown, so no role can be given it.
 */
export const permissionGroups = {
  operations: [
    { id: Perm.DashboardView, name: 'dashboard-view' },
    { id: Perm.ControlPanelView, name: 'controlpanel-view' },
  ],
  devicelist: [
    { id: Perm.DeviceView, name: 'view' },
    { id: Perm.DeviceBind, name: 'bind' },
    { id: Perm.DeviceEdit, name: 'edit' },
    { id: Perm.DeviceDelete, name: 'delete' },
    { id: Perm.DeviceHmi, name: 'hmi' },
    { id: Perm.DeviceConfig, name: 'config' },
    { id: Perm.DeviceMonitor, name: 'monitor' },
    { id: Perm.DeviceHmiCheck, name: 'hmi-check' },
    { id: Perm.DeviceAlarm, name: 'alarm' },
  ],
  templatelist: [
    { id: Perm.TemplateView, name: 'view' },
    { id: Perm.TemplateAdd, name: 'add' },
    { id: Perm.TemplateCopy, name: 'copy' },
    { id: Perm.TemplateEdit, name: 'edit' },
    { id: Perm.TemplateDelete, name: 'delete' },
    { id: Perm.TemplateDataPm, name: 'data-pm' },
  ],
  devicegroup: [
    { id: Perm.GroupView, name: 'view' },
    { id: Perm.GroupAdd, name: 'add' },
    { id: Perm.GroupEdit, name: 'edit' },
    { id: Perm.GroupDelete, name: 'delete' },
    { id: Perm.GroupDataPm, name: 'data-pm' },
  ],
  projectlist: [
    { id: Perm.ProjectView, name: 'view' },
    { id: Perm.ProjectAdd, name: 'add' },
    { id: Perm.ProjectDataPm, name: 'data-pm' },
    { id: Perm.ProjectEdit, name: 'edit' },
    { id: Perm.ProjectDelete, name: 'delete' },
  ],
  myAccount: [
    { id: Perm.AccountView, name: 'view' },
    { id: Perm.AccountCaCharge, name: 'ca-charge' },
    { id: Perm.AccountCaAllocate, name: 'ca-allocate' },
    { id: Perm.AccountRaCharge, name: 'ra-charge' },
    { id: Perm.AccountRaAllocate, name: 'ra-allocate' },
  ],
  rechargeRecord: [{ id: Perm.RechargeRecordView, name: 'view' }],
  msgBilling: [{ id: Perm.MsgBillingView, name: 'view' }],
  user: [
    { id: Perm.UserView, name: 'view' },
    { id: Perm.UserInvite, name: 'invite' },
    { id: Perm.UserEdit, name: 'edit' },
    { id: Perm.UserDelete, name: 'delete' },
    { id: Perm.UserDataPm, name: 'data-pm' },
  ],
  role: [
    { id: Perm.RoleView, name: 'view' },
    { id: Perm.RoleAdd, name: 'add' },
    { id: Perm.RoleEdit, name: 'edit' },
    { id: Perm.RoleDelete, name: 'delete' },
  ],
  safeZone: [
    { id: Perm.SafeZoneView, name: 'view' },
    { id: Perm.SafeZoneAdd, name: 'add' },
    { id: Perm.SafeZoneEdit, name: 'edit' },
    { id: Perm.SafeZoneDelete, name: 'delete' },
  ],
  // Not in SPEC section 6 (issue 29): webhooks; view reads endpoints and their delivery log,
  // manage creates, edits, deletes and tests them.
  integration: [
    { id: Perm.IntegrationView, name: 'view' },
    { id: Perm.IntegrationManage, name: 'manage' },
  ],
} as const satisfies Record<string, readonly PermissionEntry[]>;

export type PermissionGroupKey = keyof typeof permissionGroups;
export type PermissionGroups = Partial<Record<PermissionGroupKey, readonly PermissionEntry[]>>;

/** Groups that only exist where billing exists: removed in region cn. */
export const BILLING_PERMISSION_GROUPS: readonly PermissionGroupKey[] = [
  'myAccount',
  'rechargeRecord',
  'msgBilling',
];

/** The permission groups a role editor offers in `region` (cn has no billing). */
export function permissionGroupsFor(region: Region): PermissionGroups {
  const entries = Object.entries(permissionGroups) as [PermissionGroupKey, readonly PermissionEntry[]][];
  return Object.fromEntries(
    entries.filter(([key]) => region !== 'cn' || !BILLING_PERMISSION_GROUPS.includes(key)),
  ) as PermissionGroups;
}

/** Every id a role may hold in `region`: what the role endpoints accept. */
export function grantablePermissionIds(region: Region): PermId[] {
  return Object.values(permissionGroupsFor(region))
    .flat()
    .map((p) => p.id)
    .sort((a, b) => a - b);
}
