/**
 * Permission ids of SPEC section 6. The spec names the devicelist "alarm" permission without
 * an id; we give it 44 (the one unused id between 43 and 45). 45 exists in the spec with no
 * meaning shown; it is kept as a named constant and granted to nobody but the main account.
 */
export const Perm = {
  DashboardView: 1,
  ControlPanelView: 46,

  DeviceView: 2,
  DeviceBind: 3,
  DeviceEdit: 4,
  DeviceDelete: 5,
  DeviceHmi: 6,
  DeviceConfig: 7,
  DeviceMonitor: 47,
  DeviceHmiCheck: 48,
  DeviceAlarm: 44,

  TemplateView: 8,
  TemplateAdd: 9,
  TemplateCopy: 10,
  TemplateEdit: 11,
  TemplateDelete: 12,
  TemplateDataPm: 36,

  GroupView: 13,
  GroupAdd: 14,
  GroupEdit: 15,
  GroupDelete: 16,
  GroupDataPm: 37,

  ProjectView: 39,
  ProjectAdd: 40,
  ProjectDataPm: 41,
  ProjectEdit: 42,
  ProjectDelete: 43,

  AccountView: 17,
  AccountCaCharge: 18,
  AccountCaAllocate: 19,
  AccountRaCharge: 20,
  AccountRaAllocate: 21,

  RechargeRecordView: 22,
  MsgBillingView: 23,

  UserView: 24,
  UserInvite: 25,
  UserEdit: 26,
  UserDelete: 27,
  UserDataPm: 38,

  RoleView: 28,
  RoleAdd: 29,
  RoleEdit: 31,
  RoleDelete: 32,

  SafeZoneView: 33,
  SafeZoneAdd: 30,
  SafeZoneEdit: 34,
  SafeZoneDelete: 35,

  /** Not in SPEC section 6: the integrations group (issue 29), webhooks. */
  IntegrationView: 49,
  IntegrationManage: 50,

  Unnamed45: 45,
} as const;

export type PermName = keyof typeof Perm;
export type PermId = (typeof Perm)[PermName];

/** Every permission id, ascending: what the main account holds. */
export const allPermissionIds: readonly PermId[] = [...new Set(Object.values(Perm))].sort((a, b) => a - b);
