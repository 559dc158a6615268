import { Badge, Empty, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OnlineState, termKey, type ProjectDetail, type ProjectDevice } from '@hmi/domain';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { LockedButton } from './LockedButton.tsx';

interface Props {
  project: ProjectDetail;
  /** Edit 42: a visible device can be taken out of the project. */
  canEdit: boolean;
  /** The device being taken out (its button spins). */
  removing: number | undefined;
  onRemove(device: ProjectDevice): void;
}

function DeviceState({ device }: { device: ProjectDevice }) {
  const { t } = useTranslation('project');
  const on = device.online === OnlineState.Online;
  return (
    <Badge
      status={on ? 'success' : 'default'}
      text={t(termKey('onlineState', on ? OnlineState.Online : OnlineState.Offline))}
      className="project-device-state"
      data-online={on ? 1 : 0}
    />
  );
}

/**
 * The project's devices with their online state; a device outside the user's data permissions
 * shows as hidden (no name, no state), stays in the project and cannot be taken out here.
 */
export function ProjectDeviceList({ project, canEdit, removing, onRemove }: Props) {
  const { t } = useTranslation('project');
  return (
    <section className="project-section" data-testid="project-devices-list">
      <div className="project-section-head">
        <Typography.Title level={5} className="project-section-title">
          {t('detail.devices', { count: project.devices.length })}
        </Typography.Title>
      </div>
      {project.devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDevices')} />
      ) : (
        <ul className="project-rows">
          {project.devices.map((d) => (
            <li key={d.id} className="project-row" data-testid="project-device" data-device={d.id}>
              {d.visible ? (
                <div className="project-row-main is-inline">
                  <DeviceNameLink id={d.id} name={d.name} className="project-row-name" />
                  <DeviceState device={d} />
                </div>
              ) : (
                <Tooltip title={t('detail.hiddenTip')}>
                  <span
                    className="project-row-main is-inline device-muted"
                    data-testid="project-device-hidden"
                  >
                    <EyeInvisibleOutlined /> {t('detail.hidden')}
                  </span>
                </Tooltip>
              )}
              {canEdit && d.visible ? (
                <div className="project-row-actions">
                  <LockedButton
                    locked={project.locked}
                    tip={t('detail.remove')}
                    size="small"
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('detail.remove')}
                    loading={removing === d.id}
                    onClick={() => onRemove(d)}
                    data-testid="project-device-remove"
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
