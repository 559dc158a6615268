import { useState } from 'react';
import { Button, Drawer, Empty, Form, Grid, Input, List, Popconfirm, Tooltip, Typography } from 'antd';
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlarmLimits, ErrorCode, type AlarmGroup } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { usePlacedFailure, type FailurePlaces } from '../../shared/feedback/use-placed-failure.ts';
import { checkGroupName } from './group-name.ts';
import { issueText, useIssueText } from './issue-text.ts';
import { useAlarmGroupMutations, useAlarmGroups } from './use-alarm-groups.ts';

/** 1085 and 1006 field errors under the name; a one-field form, so any other failure too. */
const PLACES: FailurePlaces = {
  fieldOf: { [ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS]: 'name' },
  fields: ['name'],
  rest: 'name',
};

/** Create, rename and delete alarm groups (names unique in the team, 1085). */
export function AlarmGroupsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('alarm');
  const screens = Grid.useBreakpoint();
  const { list, isPending } = useAlarmGroups(open);
  const { add } = useAlarmGroupMutations();
  const [form] = Form.useForm<{ name: string }>();
  const issue = useIssueText();
  const { report } = usePlacedFailure(form, PLACES, issueText);
  const [editing, setEditing] = useState<number>();
  const names = list.map((g) => g.name);

  const create = async () => {
    const { name } = await form.validateFields();
    add.mutate(name.trim(), {
      onSuccess: (g) => {
        form.resetFields();
        successToast(t('group.created', { name: g.name }));
      },
      onError: report,
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={
        <span>
          <FolderOutlined /> {t('group.title')}
        </span>
      }
      size={screens.sm ? 440 : '100%'}
      destroyOnHidden
      data-testid="alarm-groups-drawer"
    >
      <Form form={form} layout="vertical" onFinish={() => void create().catch(() => undefined)}>
        <Form.Item
          name="name"
          label={t('group.new')}
          validateTrigger={['onChange']}
          rules={[
            {
              validator: async (_r, v: unknown) => {
                const found = checkGroupName(typeof v === 'string' ? v : '', names);
                if (found) throw new Error(issue(found));
              },
            },
          ]}
        >
          <Input
            placeholder={t('group.namePlaceholder')}
            maxLength={AlarmLimits.groupNameMax + 8}
            data-testid="alarm-group-name"
            suffix={
              <Button
                type="primary"
                size="small"
                htmlType="submit"
                icon={<PlusOutlined />}
                loading={add.isPending}
                className="alarm-inline-submit"
                data-testid="alarm-group-add"
              >
                {t('group.add')}
              </Button>
            }
          />
        </Form.Item>
      </Form>
      <List<AlarmGroup>
        loading={isPending}
        dataSource={list}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.empty')} /> }}
        data-testid="alarm-group-list"
        renderItem={(g) =>
          editing === g.id ? (
            <List.Item>
              <RenameRow
                group={g}
                others={names.filter((n) => n !== g.name)}
                onDone={() => setEditing(undefined)}
              />
            </List.Item>
          ) : (
            <List.Item
              actions={[
                <Tooltip key="edit" title={t('group.rename')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('group.rename')}
                    onClick={() => setEditing(g.id)}
                    data-testid="alarm-group-rename"
                  />
                </Tooltip>,
                <DeleteGroup key="delete" group={g} />,
              ]}
            >
              <span className="alarm-group-row">
                <FolderOutlined className="alarm-muted" />
                <Typography.Text ellipsis={{ tooltip: g.name }}>{g.name}</Typography.Text>
                <Typography.Text type="secondary" className="alarm-group-count">
                  {t('group.rules', { count: g.rule_count })}
                </Typography.Text>
              </span>
            </List.Item>
          )
        }
      />
    </Drawer>
  );
}

function DeleteGroup({ group }: { group: AlarmGroup }) {
  const { t } = useTranslation('alarm');
  const { remove } = useAlarmGroupMutations();
  return (
    <Popconfirm
      title={t('group.deleteTitle', { name: group.name })}
      description={group.rule_count ? t('group.deleteText', { count: group.rule_count }) : undefined}
      okText={t('delete')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      cancelText={t('common:cancel')}
      onConfirm={() =>
        remove
          .mutateAsync(group.id)
          .then(() => successToast(t('group.deleted', { name: group.name })), toastFailure)
      }
    >
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('delete')}
        data-testid="alarm-group-delete"
      />
    </Popconfirm>
  );
}

function RenameRow({ group, others, onDone }: { group: AlarmGroup; others: string[]; onDone(): void }) {
  const { t } = useTranslation('alarm');
  const issue = useIssueText();
  const { failure, report, clear } = usePlacedFailure(undefined, PLACES, issueText);
  const { rename } = useAlarmGroupMutations();
  const [value, setValue] = useState(group.name);
  const check = checkGroupName(value, others);
  const error = check ? issue(check) : failure;
  const save = () => {
    if (check) return;
    if (value.trim() === group.name) return onDone();
    rename.mutate({ id: group.id, name: value.trim() }, { onSuccess: onDone, onError: report });
  };
  return (
    <div className="alarm-rename">
      <Input
        autoFocus
        value={value}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          clear();
        }}
        onPressEnter={save}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        maxLength={AlarmLimits.groupNameMax + 8}
        aria-label={t('group.rename')}
        data-testid="alarm-group-rename-input"
      />
      <Button
        type="text"
        icon={<CheckOutlined />}
        onClick={save}
        loading={rename.isPending}
        aria-label={t('common:save')}
        data-testid="alarm-group-rename-save"
      />
      <Button type="text" icon={<CloseOutlined />} onClick={onDone} aria-label={t('common:cancel')} />
      {error ? <div className="alarm-rename-error">{error}</div> : null}
    </div>
  );
}
