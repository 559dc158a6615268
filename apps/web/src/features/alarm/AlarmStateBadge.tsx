import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { termKey, type AlarmRecord } from '@hmi/domain';
import './alarm.css';

const status = { 1: 'error', 2: 'warning', 4: 'success' } as const;

/** A record's state: 1 alarm (red, pulsing while unanswered), 2 acknowledged, 4 recovered. */
export function AlarmStateBadge({ state }: { state: AlarmRecord['state'] }) {
  const { t } = useTranslation('alarm');
  return (
    <Badge
      status={status[state]}
      text={t(termKey('alarmState', state))}
      className={state === 1 ? 'alarm-state-raised' : undefined}
      data-testid="alarm-state"
      data-state={state}
    />
  );
}
