import { Button, Grid, Tag, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Region, UserProfile } from '@hmi/domain';
import { LanguageSwitch } from '../../shared/preferences/LanguageSwitch.tsx';
import { ThemeSwitch } from '../../shared/preferences/ThemeSwitch.tsx';
import { MessageBadge } from './MessageBadge.tsx';
import { UserMenu } from './UserMenu.tsx';
import { BrandMark } from '../../shared/theme/BrandMark.tsx';

interface Props {
  profile: UserProfile;
  region: Region;
  collapsed: boolean;
  mobile: boolean;
  showBillingMessages: boolean;
  onToggleMenu(): void;
}

/** The header of the signed-in frame: menu toggle, region, language, theme, messages, account. */
export function HeaderBar({ profile, region, collapsed, mobile, showBillingMessages, onToggleMenu }: Props) {
  const { t } = useTranslation('layout');
  const screens = Grid.useBreakpoint();
  return (
    <div className="header-bar">
      <Button
        type="text"
        className="header-toggle"
        aria-label={t('menu.toggle')}
        data-testid="menu-toggle"
        icon={mobile || collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleMenu}
      />
      {mobile ? <BrandMark collapsed={!screens.sm} /> : null}
      <div className="header-spacer" />
      <Tooltip title={t('region.tooltip')}>
        <Tag
          icon={<CloudServerOutlined />}
          color="blue"
          className="header-region"
          data-testid="header-region"
        >
          {screens.sm ? t(`region.${region}`) : region.toUpperCase()}
        </Tag>
      </Tooltip>
      <LanguageSwitch compact={!screens.md} />
      <ThemeSwitch />
      <MessageBadge showBilling={showBillingMessages} />
      <UserMenu profile={profile} />
    </div>
  );
}
