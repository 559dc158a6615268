import { useMemo } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { NameDialog } from '../../shared/lists/NameDialog.tsx';
import { GroupTreeSelect } from './GroupTreeSelect.tsx';
import { useAddGroup, useRenameGroup } from './use-group-mutations.ts';

export type GroupDialogState =
  { mode: 'add'; parentId: number | null } | { mode: 'rename'; id: number; name: string };

interface GroupValues {
  name: string;
  parent_id?: number;
}

const PLACES = {
  fieldOf: {
    [ErrorCode.E1083_TEAM_GROUP_DUPLICATE]: 'name',
    [ErrorCode.E1027_ILLEGAL_GROUP_ID]: 'parent_id',
  },
  fields: ['name', 'parent_id'],
};
const NAME_MAX = 64;
const TEST_IDS = { name: 'group-name', submit: 'group-submit' };

/** Creates a group (under a parent or at the root) or renames one; 1083 shows under the name. */
export function GroupNameDialog({
  state,
  onClose,
}: {
  state: GroupDialogState | undefined;
  onClose(created?: number): void;
}) {
  const { t } = useTranslation('group');
  const add = useAddGroup();
  const rename = useRenameGroup();
  const renaming = state?.mode === 'rename';
  const initial = useMemo<Partial<GroupValues> | undefined>(
    () =>
      state?.mode === 'rename'
        ? { name: state.name }
        : state
          ? { parent_id: state.parentId ?? undefined }
          : undefined,
    [state],
  );

  const submit = async (v: GroupValues) => {
    if (state?.mode === 'rename') {
      await rename.mutateAsync({ id: state.id, name: v.name });
      successToast(t('renamed'));
      onClose();
    } else if (state) {
      const g = await add.mutateAsync({ name: v.name, parent_id: v.parent_id ?? null });
      successToast(t('created', { name: g.name }));
      onClose(g.id);
    }
  };

  return (
    <NameDialog<GroupValues>
      open={state !== undefined}
      title={renaming ? t('renameTitle') : t('addTitle')}
      okText={renaming ? t('common:save') : t('add')}
      label={t('name')}
      initial={initial}
      rules={[
        { required: true, whitespace: true, message: t('nameRequired') },
        { max: NAME_MAX, message: t('nameLength', { max: NAME_MAX }) },
      ]}
      maxLength={NAME_MAX + 1}
      places={PLACES}
      pending={add.isPending || rename.isPending}
      onSubmit={submit}
      onClose={() => onClose()}
      testIds={TEST_IDS}
    >
      {state?.mode === 'add' ? (
        <Form.Item name="parent_id" label={t('parent')}>
          <GroupTreeSelect placeholder={t('root')} data-testid="group-parent" />
        </Form.Item>
      ) : null}
    </NameDialog>
  );
}
