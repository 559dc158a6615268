import type { ComponentType } from 'react';
import { MenuPath } from '@hmi/domain';
import {
  DEVICE_PAGE_PATH,
  HISTORY_PATH,
  MONITOR_PATH,
  REMOTE_PATH,
} from '../../shared/devices/device-routes.ts';
import { DESIGNER_PATH } from '../../features/project/project-links.ts';

/** A signed-in screen that exists. Later issues add their pages here and nowhere else. */
export interface ShellPage {
  path: string;
  /** 'namespace:key' of the page title. */
  title: string;
  load: () => Promise<ComponentType>;
}

/**
 * The registry of implemented signed-in pages. The menu shows only these (filtered by
 * permissions); any other signed-in path goes to the start page — no "coming soon" screens.
 */
export const shellPages: readonly ShellPage[] = [
  {
    path: MenuPath.ControlPanel,
    title: 'menu:operations.controlPanel',
    load: () => import('../../pages/operations/ControlPanelPage.tsx').then((m) => m.ControlPanelPage),
  },
  {
    path: MenuPath.Dashboard,
    title: 'menu:operations.dashboard',
    load: () => import('../../pages/operations/DashboardPage.tsx').then((m) => m.DashboardPage),
  },
  {
    path: MenuPath.Profile,
    title: 'menu:system.profile',
    load: () => import('../../pages/system/ProfilePage.tsx').then((m) => m.ProfilePage),
  },
  {
    path: MenuPath.DeviceOverview,
    title: 'menu:device.overview',
    load: () => import('../../pages/device/DeviceOverviewPage.tsx').then((m) => m.DeviceOverviewPage),
  },
  {
    path: MenuPath.DeviceList,
    title: 'menu:device.list',
    load: () => import('../../pages/device/DeviceListPage.tsx').then((m) => m.DeviceListPage),
  },
  {
    path: MenuPath.DeviceGroup,
    title: 'menu:device.group',
    load: () => import('../../pages/device/DeviceGroupPage.tsx').then((m) => m.DeviceGroupPage),
  },
  {
    path: MenuPath.TemplateList,
    title: 'menu:device.template',
    load: () => import('../../pages/device/TemplateListPage.tsx').then((m) => m.TemplateListPage),
  },
  {
    path: MenuPath.ProjectList,
    title: 'menu:device.project',
    load: () => import('../../pages/device/ProjectListPage.tsx').then((m) => m.ProjectListPage),
  },
  {
    // No menu entry: a project's screens lead here (`?screen=N`, view 39, edit 42 to save). The
    // designer's libraries (react-moveable, react-selecto) come with this chunk only.
    path: DESIGNER_PATH,
    title: 'designer:title',
    load: () => import('../../pages/device/ScreenDesignerPage.tsx').then((m) => m.ScreenDesignerPage),
  },
  {
    // No menu entry (SPEC section 2): reached from a device's row in the device list.
    path: HISTORY_PATH,
    title: 'history:title',
    load: () => import('../../pages/history/HistoryPage.tsx').then((m) => m.HistoryPage),
  },
  {
    // No menu entry (SPEC section 2 names the data monitor by wording only): a device's row action, permission 47.
    path: MONITOR_PATH,
    title: 'monitor:title',
    load: () => import('../../pages/device/DeviceMonitorPage.tsx').then((m) => m.DeviceMonitorPage),
  },
  {
    // No menu entry (SPEC section 2 names no route): a device's name anywhere leads here.
    path: DEVICE_PAGE_PATH,
    title: 'devicepage:title',
    load: () => import('../../pages/device/DevicePage.tsx').then((m) => m.DevicePage),
  },
  {
    // No menu entry (SPEC section 2 names no route for remote access): the device list's row menu
    // and the device page lead here (hmi 6 or hmi-check 48). noVNC comes with this chunk only.
    path: REMOTE_PATH,
    title: 'remote:title.plain',
    load: () => import('../../pages/device/RemotePage.tsx').then((m) => m.RemotePage),
  },
  {
    path: MenuPath.User,
    title: 'menu:system.user',
    load: () => import('../../pages/system/MembersPage.tsx').then((m) => m.MembersPage),
  },
  {
    path: MenuPath.MyAccount,
    title: 'menu:billing.myAccount',
    load: () => import('../../pages/billing/MyAccountPage.tsx').then((m) => m.MyAccountPage),
  },
  {
    path: MenuPath.RechargeRecord,
    title: 'menu:billing.rechargeRecord',
    load: () => import('../../pages/billing/RechargeRecordsPage.tsx').then((m) => m.RechargeRecordsPage),
  },
  {
    path: MenuPath.AlarmRules,
    title: 'menu:alarm.rules',
    load: () => import('../../pages/alarm/AlarmRulesPage.tsx').then((m) => m.AlarmRulesPage),
  },
  {
    path: MenuPath.AlarmRecords,
    title: 'menu:alarm.records',
    load: () => import('../../pages/alarm/AlarmRecordsPage.tsx').then((m) => m.AlarmRecordsPage),
  },
  {
    path: MenuPath.MsgAlarm,
    title: 'menu:message.alarm',
    load: () => import('../../pages/message/MsgAlarmPage.tsx').then((m) => m.MsgAlarmPage),
  },
  {
    path: MenuPath.MsgBilling,
    title: 'menu:message.billing',
    load: () => import('../../pages/message/MsgBillingPage.tsx').then((m) => m.MsgBillingPage),
  },
  {
    path: MenuPath.MsgSystem,
    title: 'menu:message.system',
    load: () => import('../../pages/message/MsgSystemPage.tsx').then((m) => m.MsgSystemPage),
  },
  {
    path: MenuPath.Role,
    title: 'menu:system.role',
    load: () => import('../../pages/system/RolesPage.tsx').then((m) => m.RolesPage),
  },
  {
    path: MenuPath.SafeZone,
    title: 'menu:system.safeZone',
    load: () => import('../../pages/system/SafeZonesPage.tsx').then((m) => m.SafeZonesPage),
  },
  {
    path: MenuPath.Webhooks,
    title: 'menu:system.webhooks',
    load: () => import('../../pages/system/WebhooksPage.tsx').then((m) => m.WebhooksPage),
  },
];

export const implementedPaths: ReadonlySet<string> = new Set(shellPages.map((p) => p.path));
