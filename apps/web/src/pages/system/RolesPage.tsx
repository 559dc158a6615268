import { Button, Card, Grid, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { RoleTable } from '../../features/role/RoleTable.tsx';
import { RoleEditorDrawer } from '../../features/role/RoleEditorDrawer.tsx';
import { useRolesPage } from './use-roles-page.ts';
import '../../shared/styles/page-list.css';
import '../../features/role/role.css';

/** /system/role: the team's roles (view 28, add 29, edit 31, delete 32). */
export function RolesPage() {
  const { t } = useTranslation('role');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const can = usePermission();
  const canEdit = can(Perm.RoleEdit);
  const s = useRolesPage();
  const roles = s.list.data?.list;

  return (
    <div className="device-page" data-testid="role-page">
      {s.holder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {roles ? t('list.total', { count: roles.length }) : '\u00a0'}
          </Typography.Text>
        </div>
        {can(Perm.RoleAdd) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={s.create} data-testid="role-add">
            {t('add')}
          </Button>
        ) : null}
      </div>
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <RoleTable
          roles={roles}
          loading={s.list.isPending}
          zoneNames={s.zoneNames}
          compact={compact}
          canEdit={canEdit}
          canDelete={can(Perm.RoleDelete)}
          onOpen={s.open}
          onDelete={s.confirmDelete}
        />
      </Card>
      <RoleEditorDrawer target={s.target} canEdit={canEdit} onClose={s.close} />
    </div>
  );
}
