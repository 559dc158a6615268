import { Button, Card, Descriptions, Space, Typography } from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatGroupPath, groupPath, MenuPath, type GroupItem, type GroupNode } from '@hmi/domain';
import { subtreeDeviceCount } from './group-tree-data.ts';

type Node = GroupNode<GroupItem>;

interface Props {
  /** The selected group (none: a hint). */
  current: Node | undefined;
  /** The groups' paths (useGroups). */
  paths: Parameters<typeof groupPath>[0];
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canViewDevices: boolean;
  onAddChild(parentId: number): void;
  onRename(node: Node): void;
  onDelete(node: Node): void;
}

/** The group page's detail card: the selected group's path, counts and creation, and its actions. */
export function GroupDetailCard({ current, paths, ...p }: Props) {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  return (
    <Card className="group-detail-card" title={current ? current.name : t('detailTitle')}>
      {current ? (
        <>
          <Descriptions column={1} size="small" className="group-detail">
            <Descriptions.Item label={t('path')}>
              <span className="device-group-path">
                <ApartmentOutlined /> {formatGroupPath(groupPath(paths, current.id))}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('subgroups')}>{current.children.length}</Descriptions.Item>
            <Descriptions.Item label={t('devicesHere')}>{current.device_count}</Descriptions.Item>
            <Descriptions.Item label={t('devicesInTreeLabel')}>
              {subtreeDeviceCount(current)}
            </Descriptions.Item>
            <Descriptions.Item label={t('created')}>
              {dayjs(current.created_at).format('YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap className="group-detail-actions">
            {p.canViewDevices ? (
              <Button
                icon={<UnorderedListOutlined />}
                onClick={() => void navigate(`${MenuPath.DeviceList}?group_id=${current.id}`)}
                data-testid="group-view-devices"
              >
                {t('viewDevices')}
              </Button>
            ) : null}
            {p.canAdd ? (
              <Button icon={<FolderAddOutlined />} onClick={() => p.onAddChild(current.id)}>
                {t('addChild')}
              </Button>
            ) : null}
            {p.canEdit ? (
              <Button icon={<EditOutlined />} onClick={() => p.onRename(current)}>
                {t('rename')}
              </Button>
            ) : null}
            {p.canDelete ? (
              <Button danger icon={<DeleteOutlined />} onClick={() => p.onDelete(current)}>
                {t('delete')}
              </Button>
            ) : null}
          </Space>
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('detailHint')}</Typography.Paragraph>
      )}
    </Card>
  );
}
