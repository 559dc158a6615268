import { Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, OnlineState } from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';
import { errorText } from '../../shared/i18n/i18n.ts';
import { DeviceQuotaAlert } from '../../features/billing/index.ts';
import { BackToDeviceList } from './BackToDeviceList.tsx';
import { DevicePageHead } from './DevicePageHead.tsx';
import { DevicePageSections } from './DevicePageSections.tsx';
import { useDevicePageState } from './use-device-page-state.ts';
import '../../features/device-page/device-page.css';

/**
 * /device/detail?id=N: one device on one page: who it is, whether and since when it is online
 * (with its online history), live values, open alarms, a trend, recent writes and dropped values,
 * and the ways on to its monitor, history and alarm rules. Sections follow the permissions.
 */
export function DevicePage() {
  const { t } = useTranslation(['devicepage', 'live']);
  const s = useDevicePageState();
  const { id, detail, device, live, states, stateOnline } = s;
  const back = <BackToDeviceList className="devpage-back">{t('back')}</BackToDeviceList>;

  if (!s.canView) return <Result status="403" title={t('errors:1002')} extra={back} />;
  if (
    id === undefined ||
    (detail.isError && isApiError(detail.error) && detail.error.code === ErrorCode.E1003_NO_DATA)
  ) {
    return <Result status="404" title={t('missing')} extra={back} data-testid="devpage-missing" />;
  }
  if (detail.isError && !device) {
    const e = detail.error;
    return (
      <Result
        status="warning"
        title={isApiError(e) ? errorText(e.code, e.data, e.msg) : errorText('ERR_NETWORK')}
        extra={back}
      />
    );
  }

  const online = (live.online ?? stateOnline ?? device?.online ?? 0) === OnlineState.Online;
  const syncState = live.syncState ?? states.sync.get(id) ?? device?.sync_state ?? 0;

  return (
    <div className="devpage" data-testid="device-page">
      <DevicePageHead s={s} online={online} />

      {device ? <DeviceQuotaAlert deviceId={device.id} /> : null}
      {device ? (
        <DevicePageSections s={s} device={device} online={online} syncState={syncState} />
      ) : (
        <Card loading className="devpage-card">
          <Typography.Text>{'\u00a0'}</Typography.Text>
        </Card>
      )}
    </div>
  );
}
