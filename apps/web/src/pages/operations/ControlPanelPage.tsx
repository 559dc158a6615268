import { Alert, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useControlPanel } from '../../features/control-panel/use-control-panel.ts';
import { panelLinks } from '../../features/control-panel/panel-links.ts';
import { SummaryTiles } from '../../features/control-panel/SummaryTiles.tsx';
import { ActiveAlarmsCard } from '../../features/control-panel/ActiveAlarmsCard.tsx';
import {
  ChangesCard,
  OfflineCard,
  OutOfSyncCard,
  TopAlarmsCard,
} from '../../features/control-panel/PanelListsCard.tsx';
import { QuotaCard } from '../../features/control-panel/QuotaCard.tsx';
import { RegionsCard } from '../../features/control-panel/RegionsCard.tsx';
import '../../shared/styles/page-list.css';
import '../../features/control-panel/control-panel.css';

/** /operations/controlpanel (46): is anything wrong right now, in the caller's data scope. */
export function ControlPanelPage() {
  const { t } = useTranslation('controlpanel');
  const can = usePermission();
  const links = useMemo(() => panelLinks(can), [can]);
  const { data, isPending, isError, refreshNow } = useControlPanel();

  return (
    <div className="cp-page" data-testid="controlpanel-page">
      <div className="cp-head">
        <h1 className="cp-title">{t('title')}</h1>
        <Typography.Text type="secondary">
          {data ? t('updated', { time: dayjs(data.at).format('HH:mm:ss') }) : t('sub')}
        </Typography.Text>
      </div>
      {isError && !data && <Alert type="error" showIcon message={t('failed')} />}
      {isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data ? (
        <>
          <SummaryTiles summary={data.summary} links={links} />
          {data.regions && <RegionsCard regions={data.regions} />}
          <div className="cp-grid">
            <ActiveAlarmsCard
              alarms={data.alarms}
              links={links}
              canAck={can(Perm.DeviceAlarm)}
              onAcked={refreshNow}
            />
            <div className="cp-column">
              <TopAlarmsCard top={data.top_alarms} links={links} at={data.at} />
              <ChangesCard changes={data.changes} />
            </div>
            <OfflineCard rows={data.offline_longest} offline={data.summary.offline} links={links} />
            <OutOfSyncCard sync={data.out_of_sync} links={links} />
            {data.quota && <QuotaCard quota={data.quota} />}
          </div>
        </>
      ) : null}
    </div>
  );
}
