import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonitorTable } from '../../features/monitor/MonitorTable.tsx';
import { PointFormDialog } from '../../features/monitor/PointFormDialog.tsx';
import { WriteTagDialog } from '../../features/monitor/WriteTagDialog.tsx';
import { BackToDeviceList } from './BackToDeviceList.tsx';
import { DeviceMonitorAlerts } from './DeviceMonitorAlerts.tsx';
import { DeviceMonitorHead } from './DeviceMonitorHead.tsx';
import { useDeviceMonitorState } from './use-device-monitor-state.ts';
import '../../features/monitor/monitor.css';

/** /device/monitor?id=N: a device's tags with live values, writes and its monitor points. */
export function DeviceMonitorPage() {
  const { t } = useTranslation(['monitor', 'live']);
  const s = useDeviceMonitorState();
  const { deviceId, list, live, form, writing } = s;
  const back = <BackToDeviceList className="monitor-back">{t('back')}</BackToDeviceList>;

  if (!s.allowed) return <Result status="403" title={t('errors:1002')} extra={back} />;
  if (deviceId === undefined || list.isError) {
    return <Result status="404" title={t('deviceMissing')} extra={back} data-testid="monitor-missing" />;
  }

  return (
    <div className="monitor-page" data-testid="monitor-page">
      {s.modalHolder}
      <DeviceMonitorHead s={s} />
      <DeviceMonitorAlerts s={s} />

      <Card className="monitor-card">
        <MonitorTable
          deviceId={deviceId}
          tags={s.tags}
          values={live.values}
          online={s.online}
          now={s.now}
          loading={list.isLoading}
          compact={s.compact}
          page={s.page}
          pageSize={s.pageSize}
          onPage={s.onPage}
          selected={s.selected}
          onSelect={s.setSelected}
          onWrite={s.setWriting}
          onEdit={(point) => s.setForm({ mode: 'edit', point })}
          onDelete={(point) => point.point_id && s.confirmDelete([point.point_id], point.name)}
        />
      </Card>

      {form && deviceId && (
        <PointFormDialog
          deviceId={deviceId}
          mode={form.mode}
          point={form.point}
          takenNames={s.takenNames}
          onClose={() => s.setForm(undefined)}
        />
      )}
      {writing && deviceId && (
        <WriteTagDialog
          deviceId={deviceId}
          tag={writing}
          values={live.values}
          onClose={() => s.setWriting(undefined)}
        />
      )}
    </div>
  );
}
