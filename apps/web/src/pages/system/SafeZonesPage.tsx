import { Alert, Button, Card, Grid, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { ZoneTable } from '../../features/zone/ZoneTable.tsx';
import { ZoneNameDialog } from '../../features/zone/ZoneNameDialog.tsx';
import { useSafeZonesPage } from './use-safe-zones-page.ts';
import '../../shared/styles/page-list.css';
import '../../features/zone/zone.css';

/** /system/safeZone: the team's security zones (named operating areas) with add, rename and delete. */
export function SafeZonesPage() {
  const { t } = useTranslation('zone');
  const compact = Grid.useBreakpoint().md === false;
  const can = usePermission();
  const canAdd = can(Perm.SafeZoneAdd);
  const canEdit = can(Perm.SafeZoneEdit);
  const canDelete = can(Perm.SafeZoneDelete);
  const s = useSafeZonesPage();
  const { reply, limitReached } = s;

  return (
    <div className="device-page" data-testid="zone-page">
      {s.holder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub" data-testid="zone-usage">
            {reply ? t('usage', { count: reply.list.length, max: reply.max }) : '\u00a0'}
          </Typography.Text>
        </div>
        {canAdd ? (
          <Tooltip title={limitReached && reply ? t('limitReached', { max: reply.max }) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={limitReached}
              onClick={s.openAdd}
              data-testid="zone-add"
            >
              {t('add')}
            </Button>
          </Tooltip>
        ) : null}
      </div>
      <Alert
        type="info"
        showIcon={!compact}
        className="zone-about"
        title={t('about.title')}
        description={
          <ul>
            <li>{t('about.operate')}</li>
            <li>{t('about.see')}</li>
            <li>{t('about.noZone')}</li>
            <li>{t('about.main')}</li>
          </ul>
        }
      />
      {s.list.isError && !reply ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <ZoneTable
          zones={reply?.list}
          loading={s.list.isPending && !s.list.isError}
          compact={compact}
          canEdit={canEdit}
          canDelete={canDelete}
          onRename={s.openRename}
          onDelete={s.confirmDelete}
        />
      </Card>
      <ZoneNameDialog state={s.dialog} onClose={s.closeDialog} />
    </div>
  );
}
