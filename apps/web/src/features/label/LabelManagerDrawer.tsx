import { useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Empty,
  Form,
  Grid,
  Input,
  List,
  Popconfirm,
  Progress,
  Tooltip,
  Typography,
} from 'antd';
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, validateLabelAdd, validateLabelName, type LabelItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useLabels } from './use-labels.ts';
import { useAddLabel, useDeleteLabel, useRenameLabel } from './use-label-mutations.ts';
import './label.css';

const PLACES = { fields: ['name'] };

/** Create, rename and delete the team's labels (1-50 characters, unique, at most 50). */
export function LabelManagerDrawer({
  open,
  onClose,
  canEdit,
}: {
  open: boolean;
  onClose(): void;
  canEdit: boolean;
}) {
  const { t } = useTranslation('label');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  const screens = Grid.useBreakpoint();
  const { list, max, isPending } = useLabels(open);
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddLabel();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const [editing, setEditing] = useState<number>();
  const names = list.map((l) => l.name);
  const room = validateLabelAdd(list.length);

  const create = async () => {
    const { name } = await form.validateFields();
    add.mutate(
      { name: name.trim() },
      {
        onSuccess: (l) => {
          form.resetFields();
          successToast(t('created', { name: l.name }));
        },
        onError: report,
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={
        <span>
          <TagOutlined /> {t('title')}
        </span>
      }
      size={screens.sm ? 440 : '100%'}
      destroyOnHidden
      data-testid="label-drawer"
    >
      <div className="label-usage">
        <span>{t('usage', { count: list.length, max })}</span>
        <Progress
          percent={Math.round((list.length / max) * 100)}
          showInfo={false}
          size="small"
          status={room.ok ? 'normal' : 'exception'}
        />
      </div>
      {canEdit ? (
        <Form
          form={form}
          layout="vertical"
          onValuesChange={clear}
          onFinish={() => void create().catch(() => undefined)}
          className="label-add"
        >
          <Form.Item
            name="name"
            label={t('new')}
            rules={[
              {
                validator: async (_r, v: unknown) => {
                  const r = validateLabelName(typeof v === 'string' ? v : '', names);
                  if (!r.ok) throw new Error(tv(r.key, { ...r.params }));
                },
              },
            ]}
            validateTrigger={['onChange']}
          >
            <Input
              placeholder={t('namePlaceholder')}
              maxLength={60}
              disabled={!room.ok}
              data-testid="label-new-name"
              suffix={
                <Button
                  type="primary"
                  size="small"
                  htmlType="submit"
                  icon={<PlusOutlined />}
                  loading={add.isPending}
                  disabled={!room.ok}
                  data-testid="label-add"
                >
                  {t('add')}
                </Button>
              }
            />
          </Form.Item>
          {!room.ok ? <Alert type="warning" showIcon title={tv(room.key, { ...room.params })} /> : null}
          {failure ? <Alert type="error" showIcon title={failure} /> : null}
        </Form>
      ) : null}
      <List<LabelItem>
        loading={isPending}
        dataSource={list}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        className="label-list"
        data-testid="label-list"
        renderItem={(l) =>
          editing === l.id ? (
            <List.Item>
              <RenameRow
                label={l}
                others={names.filter((n) => n !== l.name)}
                onDone={() => setEditing(undefined)}
              />
            </List.Item>
          ) : (
            <List.Item
              actions={
                canEdit
                  ? [
                      <Tooltip key="edit" title={t('rename')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={t('rename')}
                          onClick={() => setEditing(l.id)}
                        />
                      </Tooltip>,
                      <DeleteLabel key="delete" label={l} />,
                    ]
                  : []
              }
            >
              <span className="label-row">
                <span className="label-dot" />
                <Typography.Text ellipsis={{ tooltip: l.name }}>{l.name}</Typography.Text>
                <Typography.Text type="secondary" className="label-count">
                  {t('devices', { count: l.device_count })}
                </Typography.Text>
              </span>
            </List.Item>
          )
        }
      />
    </Drawer>
  );
}

function DeleteLabel({ label }: { label: LabelItem }) {
  const { t } = useTranslation('label');
  const remove = useDeleteLabel();
  return (
    <Popconfirm
      title={t('deleteTitle', { name: label.name })}
      description={label.device_count ? t('deleteText', { count: label.device_count }) : undefined}
      okText={t('delete')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      cancelText={t('common:cancel')}
      onConfirm={() =>
        remove.mutateAsync(label.id).then(() => successToast(t('deleted', { name: label.name })))
      }
    >
      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
    </Popconfirm>
  );
}

function RenameRow({ label, others, onDone }: { label: LabelItem; others: string[]; onDone(): void }) {
  const { t } = useTranslation('label');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  const [value, setValue] = useState(label.name);
  const rename = useRenameLabel();
  const { failure, report, clear } = usePlacedFailure();
  const check = validateLabelName(value, others);
  const error = check.ok ? failure : tv(check.key, { ...check.params });
  const save = () => {
    if (!check.ok) return;
    if (value.trim() === label.name) return onDone();
    rename.mutate({ id: label.id, name: value.trim() }, { onSuccess: onDone, onError: report });
  };
  return (
    <div className="label-rename">
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
        maxLength={60}
        aria-label={t('rename')}
      />
      <Button
        type="text"
        icon={<CheckOutlined />}
        onClick={save}
        loading={rename.isPending}
        aria-label={t('save')}
      />
      <Button type="text" icon={<CloseOutlined />} onClick={onDone} aria-label={t('common:cancel')} />
      {error ? <div className="label-rename-error">{error}</div> : null}
    </div>
  );
}
