import { useState } from 'react';
import { Button, Card, Empty, Input, Modal, Tree, Typography, type TreeProps, type ButtonProps } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type GroupItem, type GroupNode } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useGroups } from '../../features/device-group/use-groups.ts';
import { useDeleteGroup, useMoveGroup } from '../../features/device-group/use-group-mutations.ts';
import { findGroup, subtreeDeviceCount } from '../../features/device-group/group-tree-data.ts';
import { GroupNameDialog, type GroupDialogState } from '../../features/device-group/GroupNameDialog.tsx';
import { GroupMoveDialog } from '../../features/device-group/GroupMoveDialog.tsx';
import { GroupDetailCard } from '../../features/device-group/GroupDetailCard.tsx';
import { useGroupTreeRows } from '../../features/device-group/use-group-tree-rows.tsx';
import { usePermission } from '../../shared/session/use-permission.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import '../../shared/styles/page-list.css';
import '../../features/device-group/device-group.css';

type Node = GroupNode<GroupItem>;

/** /device/devicegroup: the group tree with create, rename, move (also by dragging) and delete. */
export function DeviceGroupPage() {
  const { t } = useTranslation('group');
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

  const rows = useGroupTreeRows({
    tree,
    search,
    canAdd,
    canEdit,
    canDelete,
    onAction: (action, n) => {
      if (action === 'add') setDialog({ mode: 'add', parentId: n.id });
      if (action === 'rename') setDialog({ mode: 'rename', id: n.id, name: n.name });
      if (action === 'move') setMoving(n);
      if (action === 'delete') confirmDelete(n);
    },
  });

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
        <GroupDetailCard
          current={current}
          paths={paths}
          canAdd={canAdd}
          canEdit={canEdit}
          canDelete={canDelete}
          canViewDevices={canViewDevices}
          onAddChild={(parentId) => setDialog({ mode: 'add', parentId })}
          onRename={(n) => setDialog({ mode: 'rename', id: n.id, name: n.name })}
          onDelete={confirmDelete}
        />
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
