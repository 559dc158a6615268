import type { ReactNode } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  MessageOutlined,
  SettingOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * The icon of each menu section (keys of the domain's menu tree): the collapsed menu shows only
 * these, so every section needs its own. Alarms carry the alarm sign that the critical banners
 * and alarm messages use; messages a speech bubble (the header's bell opens them).
 */
export const sectionIcons: Readonly<Record<string, ReactNode>> = {
  operations: <DashboardOutlined />,
  device: <AppstoreOutlined />,
  billing: <WalletOutlined />,
  alarm: <AlertOutlined />,
  message: <MessageOutlined />,
  system: <SettingOutlined />,
};
