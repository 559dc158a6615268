import { useEffect } from 'react';
import { Alert, Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { GroupTreeSelect } from './GroupTreeSelect.tsx';
import { useAddGroup, useRenameGroup } from './use-group-mutations.ts';

export type GroupDialogState =
  { mode: 'add'; parentId: number | null } | { mode: 'rename'; id: number; name: string };

const PLACES = {
  fieldOf: {
    [ErrorCode.E1083_TEAM_GROUP_DUPLICATE]: 'name',
    [ErrorCode.E1027_ILLEGAL_GROUP_ID]: 'parent_id',
  },
  fields: ['name', 'parent_id'],
};
const NAME_MAX = 64;

/** Creates a group (under a parent or at the root) or renames one; 1083 shows under the name. */
export function GroupNameDialog({
  state,
  onClose,
}: {
  state: GroupDialogState | undefined;
  onClose(created?: number): void;
}) {
  const { t } = useTranslation('group');
  const [form] = Form.useForm<{ name: string; parent_id?: number }>();
  const add = useAddGroup();
  const rename = useRenameGroup();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);

  useEffect(() => {
    if (!state) return;
    clear();
    form.resetFields();
    if (state.mode === 'rename') form.setFieldsValue({ name: state.name });
    else form.setFieldsValue({ parent_id: state.parentId ?? undefined });
  }, [state, form, clear]);

  const submit = async () => {
    const v = await form.validateFields();
    const name = v.name.trim();
    if (state?.mode === 'rename') {
      rename.mutate(
        { id: state.id, name },
        {
          onSuccess: () => {
            successToast(t('renamed'));
            onClose();
          },
          onError: report,
        },
      );
    } else if (state) {
      add.mutate(
        { name, parent_id: v.parent_id ?? null },
        {
          onSuccess: (g) => {
            successToast(t('created', { name: g.name }));
            onClose(g.id);
          },
          onError: report,
        },
      );
    }
  };

  return (
    <Modal
      open={state !== undefined}
      title={state?.mode === 'rename' ? t('renameTitle') : t('addTitle')}
      okText={state?.mode === 'rename' ? t('common:save') : t('add')}
      cancelText={t('common:cancel')}
      okButtonProps={
        { loading: add.isPending || rename.isPending, 'data-testid': 'group-submit' } as ButtonProps
      }
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose()}
      destroyOnHidden
      className="device-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={clear}
        onFinish={() => void submit().catch(() => undefined)}
      >
        {state?.mode === 'add' ? (
          <Form.Item name="parent_id" label={t('parent')}>
            <GroupTreeSelect placeholder={t('root')} data-testid="group-parent" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="name"
          label={t('name')}
          rules={[
            { required: true, whitespace: true, message: t('nameRequired') },
            { max: NAME_MAX, message: t('nameLength', { max: NAME_MAX }) },
          ]}
        >
          <Input autoFocus maxLength={NAME_MAX + 1} autoComplete="off" data-testid="group-name" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
