import { useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Empty, Form, Grid, Input, List, Popconfirm, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { successToast } from '../feedback/notifier.ts';
import { toastFailure } from '../feedback/toast-failure.ts';
import { usePlacedFailure, type FailurePlaces, type KeyText } from '../feedback/use-placed-failure.ts';
import { otherNames, renameStep, type NamedItem } from './named-list.ts';
import './named-list.css';

/** The screen's own words (translated by the caller). */
export interface NamedListTexts {
  /** Label of the new-name field, its placeholder and the add button. */
  newLabel: string;
  placeholder: string;
  add: string;
  rename: string;
  delete: string;
  save: string;
  empty: string;
  created(name: string): string;
  deleted(name: string): string;
}

/** data-testid of the drawer's parts (the e2e specs select by them). */
export type NamedListTestIds = Partial<
  Record<'drawer' | 'name' | 'add' | 'list' | 'rename' | 'delete' | 'renameInput' | 'renameSave', string>
>;

export interface NamedListDrawerProps<T extends NamedItem> {
  open: boolean;
  onClose(): void;
  /** Drawer title (icon and text). */
  title: ReactNode;
  items: readonly T[];
  loading: boolean;
  /** The translated error of a name against the other names, undefined when it is fine. */
  checkName(name: string, others: readonly string[]): string | undefined;
  /** Input maxLength (a little above the rule's maximum so the rule's text shows). */
  maxLength: number;
  /** The manual calls; a rejection is placed (add, rename) or toasted (delete). */
  onAdd(name: string): Promise<T>;
  onRename(item: T, name: string): Promise<unknown>;
  onDelete(item: T): Promise<unknown>;
  pending: { add: boolean; rename: boolean; remove: boolean };
  /** Add, rename and delete shown (default true). */
  canEdit?: boolean;
  /** Set when no item can be added (a limit): the add field is disabled and this warning shown. */
  full?: string | undefined;
  /** Above the add field (usage). */
  header?: ReactNode;
  /** Where the add and rename failures go (usePlacedFailure); module-level constants. */
  places?: FailurePlaces;
  keyText?: KeyText;
  /** An item's icon, its secondary text (a count) and its delete confirmation. */
  icon(item: T): ReactNode;
  count(item: T): ReactNode;
  confirmDelete(item: T): { title: ReactNode; description?: ReactNode };
  texts: NamedListTexts;
  testIds?: NamedListTestIds;
}

/** A drawer listing a team's named items with add, rename and delete (labels, alarm groups...). */
export function NamedListDrawer<T extends NamedItem>(props: NamedListDrawerProps<T>) {
  const { open, onClose, title, items, loading, canEdit = true, full, texts, testIds = {} } = props;
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<number>();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={screens.sm ? 440 : '100%'}
      destroyOnHidden
      data-testid={testIds.drawer}
    >
      {props.header}
      {canEdit ? <AddForm {...props} /> : null}
      {canEdit && full ? <Alert type="warning" showIcon title={full} /> : null}
      <List<T>
        loading={loading}
        dataSource={[...items]}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} /> }}
        className="named-list"
        data-testid={testIds.list}
        renderItem={(item) =>
          editing === item.id ? (
            <List.Item>
              <RenameRow {...props} item={item} onDone={() => setEditing(undefined)} />
            </List.Item>
          ) : (
            <List.Item
              actions={
                canEdit
                  ? [
                      <Tooltip key="edit" title={texts.rename}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={texts.rename}
                          onClick={() => setEditing(item.id)}
                          data-testid={testIds.rename}
                        />
                      </Tooltip>,
                      <DeleteButton key="delete" {...props} item={item} />,
                    ]
                  : []
              }
            >
              <span className="named-list-row">
                {props.icon(item)}
                <Typography.Text ellipsis={{ tooltip: item.name }}>{item.name}</Typography.Text>
                <Typography.Text type="secondary" className="named-list-count">
                  {props.count(item)}
                </Typography.Text>
              </span>
            </List.Item>
          )
        }
      />
    </Drawer>
  );
}

function AddForm<T extends NamedItem>(props: NamedListDrawerProps<T>) {
  const { items, texts, testIds = {}, full } = props;
  const [form] = Form.useForm<{ name: string }>();
  const { failure, report, clear } = usePlacedFailure(form, props.places, props.keyText);
  const names = otherNames(items);

  const create = async () => {
    const { name } = await form.validateFields();
    try {
      const added = await props.onAdd(name.trim());
      form.resetFields();
      successToast(texts.created(added.name));
    } catch (e) {
      report(e);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onValuesChange={clear}
      onFinish={() => void create().catch(() => undefined)}
      className="named-list-form"
    >
      <Form.Item
        name="name"
        label={texts.newLabel}
        validateTrigger={['onChange']}
        rules={[
          {
            validator: async (_r, v: unknown) => {
              const error = props.checkName(typeof v === 'string' ? v : '', names);
              if (error !== undefined) throw new Error(error);
            },
          },
        ]}
      >
        <Input
          placeholder={texts.placeholder}
          maxLength={props.maxLength}
          disabled={full !== undefined}
          data-testid={testIds.name}
          suffix={
            <Button
              type="primary"
              size="small"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={props.pending.add}
              disabled={full !== undefined}
              data-testid={testIds.add}
            >
              {texts.add}
            </Button>
          }
        />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Form>
  );
}

function DeleteButton<T extends NamedItem>(props: NamedListDrawerProps<T> & { item: T }) {
  const { t } = useTranslation('common');
  const { item, texts } = props;
  const confirm = props.confirmDelete(item);
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={texts.delete}
      okButtonProps={{ danger: true, loading: props.pending.remove }}
      cancelText={t('cancel')}
      onConfirm={() => props.onDelete(item).then(() => successToast(texts.deleted(item.name)), toastFailure)}
    >
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={texts.delete}
        data-testid={props.testIds?.delete}
      />
    </Popconfirm>
  );
}

function RenameRow<T extends NamedItem>(props: NamedListDrawerProps<T> & { item: T; onDone(): void }) {
  const { t } = useTranslation('common');
  const { item, onDone, texts, testIds = {} } = props;
  const { failure, report, clear } = usePlacedFailure(undefined, props.places, props.keyText);
  const [value, setValue] = useState(item.name);
  const check = props.checkName(value, otherNames(props.items, item));
  const error = check ?? failure;
  const save = () => {
    const next = renameStep(item, value, check);
    if (next.step === 'invalid') return;
    if (next.step === 'unchanged') return onDone();
    props.onRename(item, next.name).then(onDone, report);
  };
  return (
    <div className="named-list-rename">
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
        maxLength={props.maxLength}
        aria-label={texts.rename}
        data-testid={testIds.renameInput}
      />
      <Button
        type="text"
        icon={<CheckOutlined />}
        onClick={save}
        loading={props.pending.rename}
        aria-label={texts.save}
        data-testid={testIds.renameSave}
      />
      <Button type="text" icon={<CloseOutlined />} onClick={onDone} aria-label={t('cancel')} />
      {error ? <div className="named-list-rename-error">{error}</div> : null}
    </div>
  );
}
