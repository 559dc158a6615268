import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { ArrowLeftOutlined, DesktopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { useDevicePageDetail } from '../../features/device-page/use-device-page.ts';
import { deviceHref } from '../../shared/devices/device-routes.ts';
import { remoteAccessOf } from '../../features/remote/remote-rights.ts';
import { RemoteScreen } from '../../features/remote/RemoteScreen.tsx';
import '../../features/device-page/device-page.css';

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * /device/remote?id=N: the device's screen in the browser. hmi 6 operates (keyboard and mouse),
 * hmi-check 48 only watches; the session, its tunnel and noVNC belong to RemoteScreen.
 */
export function RemotePage() {
  const { t } = useTranslation('remote');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const can = usePermission();
  const { data: profile } = useUserInfo();
  const access = remoteAccessOf(can);
  const id = positive(search.get('id'));
  const detail = useDevicePageDetail(can(Perm.DeviceView) && access !== 'none' ? id : undefined);
  const name = detail.data && detail.data.id === id ? detail.data.name : undefined;

  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      className="devpage-back"
      onClick={() => void navigate(id !== undefined ? deviceHref(id) : '/device/devicelist')}
      data-testid="remote-back"
    >
      {t('back')}
    </Button>
  );
  if (!profile) return null;
  if (access === 'none') return <Result status="403" title={t('errors:1002')} extra={back} />;
  if (id === undefined) return <Result status="404" title={t('devicepage:missing')} extra={back} />;

  return (
    <div className="devpage" data-testid="remote-page">
      <div className="devpage-head">
        <div className="devpage-head-main">
          {back}
          <h1 className="devpage-title">
            <span className="devpage-kind">
              <DesktopOutlined />
            </span>
            <span className="devpage-title-text" data-testid="remote-device-name">
              {name ? t('title.device', { name }) : t('title.plain')}
            </span>
          </h1>
        </div>
      </div>
      <RemoteScreen deviceId={id} viewOnly={access === 'view'} isMain={profile.is_main} />
    </div>
  );
}
