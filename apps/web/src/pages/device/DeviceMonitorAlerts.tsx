import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Limits } from '@hmi/domain';
import type { DeviceMonitorState } from './use-device-monitor-state.ts';

/** Under the monitor's head: the live socket's trouble (with reconnect) and a full tag list. */
export function DeviceMonitorAlerts({ s }: { s: DeviceMonitorState }) {
  const { t } = useTranslation(['monitor', 'live']);
  const { live, reply } = s;
  const full = reply !== undefined && reply.tag_count >= reply.tag_limit;
  const liveAlert = liveNotice(live.status);
  return (
    <>
      {liveAlert && (
        <Alert
          type={liveAlert.type}
          showIcon
          data-testid="monitor-live-alert"
          title={t(`live:status.${liveAlert.key}`, {
            attempt: live.attempt,
            max: Limits.reconnectMaxAttempts,
          })}
          action={
            live.status === 'reconnecting' ? undefined : (
              <Button size="small" onClick={live.reconnect} data-testid="monitor-reconnect">
                {t('live:reconnect')}
              </Button>
            )
          }
        />
      )}
      {full && <Alert type="warning" showIcon title={t('errors:E_MONITOR_TAG_NUM_LIMIT')} />}
    </>
  );
}

function liveNotice(status: string): { type: 'info' | 'warning' | 'error'; key: string } | undefined {
  if (status === 'reconnecting') return { type: 'warning', key: 'reconnecting' };
  if (status === 'failed') return { type: 'error', key: 'failed' };
  if (status === 'gatherTimeout') return { type: 'warning', key: 'gatherTimeout' };
  return undefined;
}
