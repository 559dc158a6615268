import type { Region } from '../constants/regions.constants.ts';
import { Perm } from './permission-ids.ts';
import { visibleWith } from './visibility.policy.ts';
import type { VisibilityRule } from './visibility.policy.ts';

export type MenuNode = {
  readonly key: string;
  readonly path: string;
  /** i18n key of the title, e.g. 'menu.device.list'. */
  readonly titleKey: string;
  readonly rule: VisibilityRule;
  readonly children?: readonly MenuNode[];
};

export const MenuPath = {
  ControlPanel: '/operations/controlpanel',
  Dashboard: '/operations/dashboard',
  DeviceOverview: '/device/deviceoverview',
  DeviceList: '/device/devicelist',
  DeviceGroup: '/device/devicegroup',
  TemplateList: '/device/templatelist',
  ProjectList: '/device/projectlist',
  MyAccount: '/billing/myAccount',
  RechargeRecord: '/billing/rechargeRecord',
  AlarmRules: '/alarm/alarmRules',
  AlarmRecords: '/alarm/alarmRecords',
  MsgAlarm: '/message/msgAlarm',
  MsgBilling: '/message/msgBilling',
  MsgSystem: '/message/msgSystem',
  Profile: '/system/profile',
  User: '/system/user',
  Role: '/system/role',
  SafeZone: '/system/safeZone',
  Webhooks: '/system/webhooks',
} as const;
export type MenuPath = (typeof MenuPath)[keyof typeof MenuPath];

/**
 * Every signed-in route of SPEC section 2 with the permission it needs. Sections have rule
 * 'always' and are kept only when at least one child is visible.
 */
export const menuTree: readonly MenuNode[] = [
  {
    key: 'operations',
    path: '/operations',
    titleKey: 'menu.operations.title',
    rule: 'always',
    children: [
      {
        key: 'controlpanel',
        path: MenuPath.ControlPanel,
        titleKey: 'menu.operations.controlPanel',
        rule: Perm.ControlPanelView,
      },
      {
        key: 'dashboard',
        path: MenuPath.Dashboard,
        titleKey: 'menu.operations.dashboard',
        rule: Perm.DashboardView,
      },
    ],
  },
  {
    key: 'device',
    path: '/device',
    titleKey: 'menu.device.title',
    rule: 'always',
    children: [
      {
        key: 'deviceoverview',
        path: MenuPath.DeviceOverview,
        titleKey: 'menu.device.overview',
        rule: Perm.DeviceView,
      },
      { key: 'devicelist', path: MenuPath.DeviceList, titleKey: 'menu.device.list', rule: Perm.DeviceView },
      { key: 'devicegroup', path: MenuPath.DeviceGroup, titleKey: 'menu.device.group', rule: Perm.GroupView },
      {
        key: 'templatelist',
        path: MenuPath.TemplateList,
        titleKey: 'menu.device.template',
        rule: Perm.TemplateView,
      },
      {
        key: 'projectlist',
        path: MenuPath.ProjectList,
        titleKey: 'menu.device.project',
        rule: Perm.ProjectView,
      },
    ],
  },
  {
    key: 'billing',
    path: '/billing',
    titleKey: 'menu.billing.title',
    rule: 'always',
    children: [
      {
        key: 'myAccount',
        path: MenuPath.MyAccount,
        titleKey: 'menu.billing.myAccount',
        rule: Perm.AccountView,
      },
      {
        key: 'rechargeRecord',
        path: MenuPath.RechargeRecord,
        titleKey: 'menu.billing.rechargeRecord',
        rule: Perm.RechargeRecordView,
      },
    ],
  },
  {
    // Alarm management (SPEC section 2 names it by wording only; routes are ours): permission 44.
    key: 'alarm',
    path: '/alarm',
    titleKey: 'menu.alarm.title',
    rule: 'always',
    children: [
      { key: 'alarmRules', path: MenuPath.AlarmRules, titleKey: 'menu.alarm.rules', rule: Perm.DeviceAlarm },
      {
        key: 'alarmRecords',
        path: MenuPath.AlarmRecords,
        titleKey: 'menu.alarm.records',
        rule: Perm.DeviceAlarm,
      },
    ],
  },
  {
    key: 'message',
    path: '/message',
    titleKey: 'menu.message.title',
    rule: 'always',
    children: [
      { key: 'msgAlarm', path: MenuPath.MsgAlarm, titleKey: 'menu.message.alarm', rule: 'always' },
      {
        key: 'msgBilling',
        path: MenuPath.MsgBilling,
        titleKey: 'menu.message.billing',
        rule: Perm.MsgBillingView,
      },
      { key: 'msgSystem', path: MenuPath.MsgSystem, titleKey: 'menu.message.system', rule: 'always' },
    ],
  },
  {
    key: 'system',
    path: '/system',
    titleKey: 'menu.system.title',
    rule: 'always',
    children: [
      { key: 'profile', path: MenuPath.Profile, titleKey: 'menu.system.profile', rule: 'always' },
      { key: 'user', path: MenuPath.User, titleKey: 'menu.system.user', rule: Perm.UserView },
      { key: 'role', path: MenuPath.Role, titleKey: 'menu.system.role', rule: Perm.RoleView },
      { key: 'safeZone', path: MenuPath.SafeZone, titleKey: 'menu.system.safeZone', rule: Perm.SafeZoneView },
      {
        key: 'webhooks',
        path: MenuPath.Webhooks,
        titleKey: 'menu.system.webhooks',
        rule: Perm.IntegrationView,
      },
    ],
  },
];

export type MenuContext = {
  readonly permissions: readonly number[] | ReadonlySet<number>;
  readonly isMain: boolean;
  readonly region: Region;
  /** bindType of the user's device; in cn billing messages exist only when it is 2. */
  readonly bindType?: number | null | undefined;
  /** False: the server has billing switched off (BILLING_ENABLED=false): no billing screens. */
  readonly billing?: boolean | undefined;
};

/** Billing lives outside the permission rules: it depends on the region (SPEC sections 2, 6). */
function regionAllows(node: MenuNode, ctx: MenuContext): boolean {
  if (ctx.billing === false && (node.key === 'billing' || node.key === 'msgBilling')) return false;
  if (ctx.region !== 'cn') return true;
  if (node.key === 'billing') return false;
  if (node.key === 'msgBilling') return ctx.bindType === 2;
  return true;
}

function filterNodes(nodes: readonly MenuNode[], ctx: MenuContext): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (!regionAllows(node, ctx) || !visibleWith(node.rule, ctx)) continue;
    if (node.children) {
      const children = filterNodes(node.children, ctx);
      if (children.length > 0) out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** The menu a user sees: the tree filtered by permissions, main account and region. */
export function menuFor(ctx: MenuContext): MenuNode[] {
  return filterNodes(menuTree, ctx);
}

/** Every leaf path of a (filtered) menu, in menu order. */
export function menuPaths(menu: readonly MenuNode[]): string[] {
  return menu.flatMap((n) => (n.children ? menuPaths(n.children) : [n.path]));
}

/** Where the guard sends a user on first entry: dashboard, else control panel, else profile. */
export function startPath(menu: readonly MenuNode[]): string {
  const paths = menuPaths(menu);
  if (paths.includes(MenuPath.Dashboard)) return MenuPath.Dashboard;
  if (paths.includes(MenuPath.ControlPanel)) return MenuPath.ControlPanel;
  return MenuPath.Profile;
}

/** Target of the bare '/' route: /operations for the main user or control-panel holders. */
export function rootRedirectPath(ctx: {
  permissions: readonly number[] | ReadonlySet<number>;
  isMain: boolean;
}): string {
  return visibleWith(Perm.ControlPanelView, ctx) ? '/operations' : '/system';
}
