import { Badge, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OnlineState, termKey } from '@hmi/domain';

/** Online / offline dot with the last time the device was heard from. */
export function OnlineBadge({ online, lastSeen }: { online: number; lastSeen: number | null }) {
  const { t } = useTranslation('device');
  const on = online === OnlineState.Online;
  const badge = (
    <Badge
      status={on ? 'success' : 'default'}
      text={t(termKey('onlineState', on ? OnlineState.Online : OnlineState.Offline))}
      className={on ? 'device-online' : 'device-offline'}
      data-testid="device-online"
      data-online={on ? 1 : 0}
    />
  );
  if (lastSeen === null) return badge;
  return (
    <Tooltip title={t('state.lastSeen', { time: dayjs(lastSeen).format('YYYY-MM-DD HH:mm:ss') })}>
      {badge}
    </Tooltip>
  );
}
