import { useMemo } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@hmi/domain';
import { useThemeMode } from '../../shared/preferences/theme-mode-context.ts';
import { sectionIcons } from './section-icons.tsx';

/** 'menu.system.profile' -> key 'system.profile' of the menu namespace. */
const menuKey = (titleKey: string) => `menu:${titleKey.replace(/^menu\./, '')}`;

/** The side menu built from the user's (filtered) menu tree. */
export function SideMenu({ menu, onNavigate }: { menu: readonly MenuNode[]; onNavigate?: () => void }) {
  const { t } = useTranslation('menu');
  const { mode } = useThemeMode();
  const location = useLocation();
  const navigate = useNavigate();

  const items = useMemo<MenuProps['items']>(
    () =>
      menu.map((section) => ({
        key: section.path,
        icon: sectionIcons[section.key],
        label: t(menuKey(section.titleKey)),
        children: section.children?.map((leaf) => ({
          key: leaf.path,
          label: t(menuKey(leaf.titleKey)),
          'data-testid': `menu-${leaf.key}`,
        })),
      })),
    [menu, t],
  );

  const selected = location.pathname;
  const open = menu.filter((s) => selected.startsWith(s.path)).map((s) => s.path);

  return (
    <Menu
      mode="inline"
      theme={mode}
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={open.length ? open : menu.map((s) => s.path)}
      onClick={({ key }) => {
        onNavigate?.();
        void navigate(key);
      }}
      className="side-menu"
    />
  );
}
