import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAlarmDeviceStatus } from './use-alarm-records.ts';
import './alarm.css';

interface Props {
  deviceId: number | undefined;
  tagId: number;
  /** The tag's name, for test ids. */
  name: string;
  dotOnly: boolean;
}

/**
 * The 0/1 alarm status of one tag on the data monitor: a red dot while an alarm of the tag is
 * open. Every cell reads the device's one status query (['alarm', 'device-status', id]), which
 * the notify socket refreshes on each alarm event.
 */
export function AlarmStatusCell({ deviceId, tagId, name, dotOnly }: Props) {
  const { t } = useTranslation('monitor');
  const status = useAlarmDeviceStatus(deviceId).data?.tags[String(tagId)];
  if (status === undefined) return <span className="monitor-muted">—</span>;
  const raised = status === 1;
  return (
    <Tooltip title={t(raised ? 'alarm.raisedHint' : 'alarm.normalHint')}>
      <Badge
        status={raised ? 'error' : 'default'}
        text={dotOnly ? undefined : t(raised ? 'alarm.raised' : 'alarm.normal')}
        aria-label={t(raised ? 'alarm.raised' : 'alarm.normal')}
        className={raised ? 'monitor-alarm-raised' : 'monitor-muted'}
        data-testid={`alarm-${name}`}
        data-alarm={status}
      />
    </Tooltip>
  );
}
