import { Avatar, Dropdown } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuPath, type UserProfile } from '@hmi/domain';
import { useSignOut } from '../../features/session/use-sign-out.ts';

/** The account menu in the header: personal centre and sign out. */
export function UserMenu({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const display = profile.alias_name || profile.name;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'profile',
            icon: <UserOutlined />,
            label: t('user.profile'),
            'data-testid': 'user-menu-profile',
          },
          { type: 'divider' },
          {
            key: 'signout',
            icon: <LogoutOutlined />,
            label: t('user.signOut'),
            danger: true,
            'data-testid': 'user-menu-signout',
          },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate(MenuPath.Profile);
          else void signOut();
        },
      }}
    >
      <button type="button" className="user-menu-trigger" data-testid="user-menu">
        <Avatar size={30} className="user-menu-avatar">
          {display.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="user-menu-name">{display}</span>
      </button>
    </Dropdown>
  );
}
