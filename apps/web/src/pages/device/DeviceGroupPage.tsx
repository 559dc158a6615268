import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Dropdown,
  Empty,
  Input,
  Modal,
  Space,
  Tree,
  Typography,
  type TreeProps,
  type ButtonProps,
} from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
  MoreOutlined,
  PlusOutlined,
  SearchOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatGroupPath, groupPath, MenuPath, Perm, type GroupItem, type GroupNode } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useGroups } from '../../features/device-group/use-groups.ts';
import { useDeleteGroup, useMoveGroup } from '../../features/device-group/use-group-mutations.ts';
import { findGroup, subtreeDeviceCount } from '../../features/device-group/group-tree-data.ts';
import { GroupNameDialog, type GroupDialogState } from '../../features/device-group/GroupNameDialog.tsx';
import { GroupMoveDialog } from '../../features/device-group/GroupMoveDialog.tsx';
import { usePermission } from '../../shared/session/use-permission.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import '../../shared/styles/page-list.css';
import '../../features/device-group/device-group.css';

type Node = GroupNode<GroupItem>;

interface TreeRow {
  key: number;
  title: React.ReactNode;
  children: TreeRow[];
}

/** Keeps the nodes whose name matches, with their ancestors (tree search). */
function filterTree(nodes: readonly Node[], q: string): Node[] {
  if (!q) return [...nodes];
  const needle = q.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, q);
    return n.name.toLowerCase().includes(needle) || children.length ? [{ ...n, children }] : [];
  });
}

/** /device/devicegroup: the group tree with create, rename, move (also by dragging) and delete. */
export function DeviceGroupPage() {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const can = usePermission();
  const canAdd = can(Perm.GroupAdd);
  const canEdit = can(Perm.GroupEdit);
  const canDelete = can(Perm.GroupDelete);
  const canViewDevices = can(Perm.DeviceView);
  const { tree, list, paths, isPending } = useGroups();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number>();
  const [dialog, setDialog] = useState<GroupDialogState>();
  const [moving, setMoving] = useState<Node>();
  const move = useMoveGroup();
  const remove = useDeleteGroup();
  const [modal, holder] = Modal.useModal();

  const current = selected !== undefined ? findGroup(tree, selected) : undefined;

  const confirmDelete = (n: Node) => {
    const devices = subtreeDeviceCount(n);
    void modal.confirm({
      title: t('deleteTitle', { name: n.name }),
      content: devices > 0 ? t('deleteHasDevices', { count: devices }) : t('deleteText'),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'group-delete-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () =>
        remove.mutateAsync(n.id).then(() => {
          successToast(t('deleted', { name: n.name }));
          if (selected === n.id) setSelected(undefined);
        }),
    });
  };

  const nodeMenu = (n: Node) =>
    [
      ...(canAdd ? [{ key: 'add', icon: <FolderAddOutlined />, label: t('addChild') }] : []),
      ...(canEdit
        ? [
            { key: 'rename', icon: <EditOutlined />, label: t('rename') },
            { key: 'move', icon: <DragOutlined />, label: t('move') },
          ]
        : []),
      ...(canDelete ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('delete'), danger: true }] : []),
    ].map((item) => ({
      ...item,
      onClick: () => {
        if (item.key === 'add') setDialog({ mode: 'add', parentId: n.id });
        if (item.key === 'rename') setDialog({ mode: 'rename', id: n.id, name: n.name });
        if (item.key === 'move') setMoving(n);
        if (item.key === 'delete') confirmDelete(n);
      },
    }));

  const rows = useMemo(() => {
    const toRows = (nodes: readonly Node[]): TreeRow[] =>
      nodes.map((n) => {
        const total = subtreeDeviceCount(n);
        const items = nodeMenu(n);
        return {
          key: n.id,
          title: (
            <span className="group-node" data-testid="group-node">
              <span className="group-node-name">{n.name}</span>
              <span className="group-node-count" title={t('devicesInTree', { count: total })}>
                {total}
              </span>
              {items.length ? (
                <span onClick={(e) => e.stopPropagation()} className="group-node-menu">
                  <Dropdown trigger={['click']} menu={{ items }}>
                    <Button
                      type="text"
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={t('actions', { name: n.name })}
                      data-testid="group-node-more"
                    />
                  </Dropdown>
                </span>
              ) : null}
            </span>
          ),
          children: toRows(n.children),
        };
      });
    return toRows(filterTree(tree, search.trim()));
    // nodeMenu reads only permissions and setters that the other deps already cover.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree, search, t, canAdd, canEdit, canDelete]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const id = Number(info.dragNode.key);
    const target = findGroup(tree, Number(info.node.key));
    if (!target) return;
    const parentId = info.dropToGap ? target.parent_id : target.id;
    const from = findGroup(tree, id);
    if (!from || from.parent_id === parentId) return;
    move.mutate(
      { id, parent_id: parentId },
      { onSuccess: () => successToast(t('moved')), onError: toastFailure },
    );
  };

  const total = list.reduce((s, g) => s + g.device_count, 0);

  return (
    <div className="device-page" data-testid="device-group-page">
      {holder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {t('summary', { count: list.length, devices: total })}
          </Typography.Text>
        </div>
        {canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ mode: 'add', parentId: null })}
            data-testid="group-add"
          >
            {t('addRoot')}
          </Button>
        ) : null}
      </div>
      <div className="group-layout">
        <Card className="group-tree-card" styles={{ body: { padding: 12 } }}>
          <Input
            allowClear
            prefix={<SearchOutlined className="device-muted" />}
            placeholder={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="group-search"
          />
          {list.length === 0 && !isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid="group-empty">
              {canAdd ? (
                <Button type="primary" onClick={() => setDialog({ mode: 'add', parentId: null })}>
                  {t('addRoot')}
                </Button>
              ) : null}
            </Empty>
          ) : (
            <Tree
              blockNode
              showLine
              defaultExpandAll
              key={search ? `q-${search}` : `all-${list.length}`}
              treeData={rows}
              selectedKeys={selected !== undefined ? [selected] : []}
              onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : undefined)}
              draggable={canEdit && !search ? { icon: false } : false}
              onDrop={onDrop}
              className="group-tree"
              data-testid="group-tree"
            />
          )}
        </Card>
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
                {canViewDevices ? (
                  <Button
                    icon={<UnorderedListOutlined />}
                    onClick={() => void navigate(`${MenuPath.DeviceList}?group_id=${current.id}`)}
                    data-testid="group-view-devices"
                  >
                    {t('viewDevices')}
                  </Button>
                ) : null}
                {canAdd ? (
                  <Button
                    icon={<FolderAddOutlined />}
                    onClick={() => setDialog({ mode: 'add', parentId: current.id })}
                  >
                    {t('addChild')}
                  </Button>
                ) : null}
                {canEdit ? (
                  <Button
                    icon={<EditOutlined />}
                    onClick={() => setDialog({ mode: 'rename', id: current.id, name: current.name })}
                  >
                    {t('rename')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(current)}>
                    {t('delete')}
                  </Button>
                ) : null}
              </Space>
            </>
          ) : (
            <Typography.Paragraph type="secondary">{t('detailHint')}</Typography.Paragraph>
          )}
        </Card>
      </div>
      <GroupNameDialog
        state={dialog}
        onClose={(created) => {
          setDialog(undefined);
          if (created !== undefined) setSelected(created);
        }}
      />
      <GroupMoveDialog group={moving} onClose={() => setMoving(undefined)} />
    </div>
  );
}
