import { Link } from 'react-router';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import {
  ApartmentOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  FileTextOutlined,
  LineChartOutlined,
  MoreOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem } from '@hmi/domain';
import { FavouriteStar } from '../favourite/index.ts';
import { historyHref } from '../history/index.ts';
import { monitorHref } from '../monitor/index.ts';

export type DeviceAction = 'edit' | 'labels' | 'move' | 'template' | 'unbind';

export interface RowActionRights {
  compact: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Permission 47: the row offers the device's data monitor. */
  canMonitor: boolean;
}

interface Props extends RowActionRights {
  device: DeviceListItem;
  onAction(action: DeviceAction, device: DeviceListItem): void;
}

/** A row's actions: edit (a button on a desktop) and the menu of links and actions the user may take. */
export function DeviceRowActions({ device: d, compact, canEdit, canDelete, canMonitor, onAction }: Props) {
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
          onClick: ({ key }) => key !== 'history' && key !== 'monitor' && onAction(key as DeviceAction, d),
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
