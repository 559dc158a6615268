import { Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatGroupPath, Perm, type DeviceDetail } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { SyncStateTag, relativeTime } from '../device/index.ts';
import { useDeviceZoneMap, ZoneTag } from '../zone/index.ts';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** Who the device is: serial, model, firmware, where it sits in the team, its template. */
export function DeviceIdentity({ device, syncState }: { device: DeviceDetail; syncState: number }) {
  const { t, i18n } = useTranslation(['devicepage', 'device']);
  const none = <span className="devpage-muted">—</span>;
  const text = (v: string) => (v ? v : none);
  const path = formatGroupPath(device.group_path);
  const canZones = usePermission()(Perm.SafeZoneView);
  const zones = useDeviceZoneMap([device.id]);
  return (
    <Descriptions
      size="small"
      colon={false}
      column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 3 }}
      className="devpage-identity"
      data-testid="devpage-identity"
    >
      <Descriptions.Item label={t('identity.sn')}>
        <Typography.Text
          className="devpage-mono"
          copyable={{ text: device.sn, tooltips: [t('device:copy'), t('device:copied')] }}
          data-testid="devpage-sn"
        >
          {device.sn}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.model')}>{text(device.model)}</Descriptions.Item>
      <Descriptions.Item label={t('identity.kind')}>{t(`device:kind.${device.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('identity.firmware')}>
        {device.firmware ? <span className="devpage-mono">{device.firmware}</span> : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.ip')}>
        {device.ip ? <span className="devpage-mono">{device.ip}</span> : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.keepalive')}>
        {device.keepalive > 0 ? t('identity.keepaliveValue', { count: device.keepalive }) : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.address')}>{text(device.address)}</Descriptions.Item>
      <Descriptions.Item label={t('identity.remark')}>{text(device.remark)}</Descriptions.Item>
      <Descriptions.Item label={t('identity.group')}>
        {path ? (
          <Tooltip title={device.group_path.join(' / ')}>
            <span data-testid="devpage-group">{path}</span>
          </Tooltip>
        ) : (
          <span className="devpage-muted">{t('identity.noGroup')}</span>
        )}
      </Descriptions.Item>
      {canZones ? (
        <Descriptions.Item label={t('zone:zone')}>
          <ZoneTag zones={zones} deviceId={device.id} />
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('identity.labels')}>
        {device.labels.length > 0 ? (
          <Space size={[4, 4]} wrap>
            {device.labels.map((l) => (
              <Tag key={l.id} className="devpage-label">
                {l.name}
              </Tag>
            ))}
          </Space>
        ) : (
          none
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.template')}>
        {device.template_name ? (
          <Space size={6} wrap>
            <span data-testid="devpage-template">{device.template_name}</span>
            <SyncStateTag state={syncState} hasTemplate />
          </Space>
        ) : (
          <span className="devpage-muted">{t('identity.noTemplate')}</span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.boundAt')}>
        {device.bound_at !== null ? dayjs(device.bound_at).format(TIME) : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.lastSeen')}>
        {device.last_seen_at !== null ? (
          <Tooltip title={dayjs(device.last_seen_at).format(TIME)}>
            <span>{relativeTime(device.last_seen_at, i18n.language)}</span>
          </Tooltip>
        ) : (
          <span className="devpage-muted">{t('identity.never')}</span>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
