import { Link } from 'react-router';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import {
  ApartmentOutlined,
  DashboardOutlined,
  DeleteOutlined,
  DesktopOutlined,
  EditOutlined,
  FileTextOutlined,
  LineChartOutlined,
  MoreOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem } from '@hmi/domain';
import { FavouriteStar } from '../favourite/index.ts';
import { historyHref, monitorHref, remoteHref } from '../../shared/devices/device-routes.ts';

export type DeviceAction = 'edit' | 'labels' | 'move' | 'template' | 'unbind';

export interface RowActionRights {
  compact: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Permission 47: the row offers the device's data monitor. */
  canMonitor: boolean;
  /** hmi 6 or hmi-check 48: an HMI's row offers its remote screen. */
  canRemote: boolean;
}

interface Props extends RowActionRights {
  device: DeviceListItem;
  onAction(action: DeviceAction, device: DeviceListItem): void;
}

/** A row's actions: edit (a button on a desktop) and the menu of links and actions the user may take. */
export function DeviceRowActions(props: Props) {
  const { device: d, compact, canEdit, canDelete, canMonitor, canRemote, onAction } = props;
  const { t } = useTranslation('device');
  return (
    <Space size={2} className="device-actions">
      <FavouriteStar deviceId={d.id} />
      {canEdit && !compact ? (
        <Tooltip title={t('action.edit')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('action.edit')}
            onClick={() => onAction('edit', d)}
            data-testid="device-edit"
          />
        </Tooltip>
      ) : null}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            ...(canMonitor
              ? [
                  {
                    key: 'monitor',
                    icon: <DashboardOutlined />,
                    label: (
                      <Link to={monitorHref(d.id)} data-testid="device-monitor">
                        {t('monitor:title')}
                      </Link>
                    ),
                  },
                ]
              : []),
            ...(canRemote && d.kind === 'hmi'
              ? [
                  {
                    key: 'remote',
                    icon: <DesktopOutlined />,
                    label: (
                      <Link to={remoteHref(d.id)} data-testid="device-remote">
                        {t('remote:action')}
                      </Link>
                    ),
                  },
                ]
              : []),
            {
              key: 'history',
              icon: <LineChartOutlined />,
              label: (
                <Link to={historyHref(d.id)} data-testid="device-history">
                  {t('history:rowAction')}
                </Link>
              ),
            },
            { type: 'divider' as const },
            ...(canEdit
              ? [
                  ...(compact ? [{ key: 'edit', icon: <EditOutlined />, label: t('action.edit') }] : []),
                  { key: 'labels', icon: <TagsOutlined />, label: t('action.labels') },
                  { key: 'move', icon: <ApartmentOutlined />, label: t('action.move') },
                  { key: 'template', icon: <FileTextOutlined />, label: t('action.template') },
                ]
              : []),
            ...(canDelete
              ? [
                  ...(canEdit ? [{ type: 'divider' as const }] : []),
                  {
                    key: 'unbind',
                    icon: <DeleteOutlined />,
                    label: t('action.unbind'),
                    danger: true,
                    'data-testid': 'device-unbind',
                  },
                ]
              : []),
          ],
          onClick: ({ key }) =>
            key !== 'history' && key !== 'monitor' && key !== 'remote' && onAction(key as DeviceAction, d),
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('action.more')}
          data-testid="device-more"
        />
      </Dropdown>
    </Space>
  );
}
