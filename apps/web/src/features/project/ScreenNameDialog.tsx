import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectScreenSummary } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { NameDialog } from '../../shared/lists/NameDialog.tsx';
import { useAddScreen, useRenameScreen } from './use-project-mutations.ts';

export type ScreenDialogState =
  { mode: 'add'; projectId: number } | { mode: 'rename'; screen: ProjectScreenSummary };

/** A 1006 on the name under it; anything else (1052, a version conflict) above the buttons. */
const PLACES = { fields: ['name'] };
const NAME_MAX = 64;
const TEST_IDS = { dialog: 'screen-dialog', name: 'screen-name', submit: 'screen-submit' };

/** Adds an empty screen (1920x1080) to a project, or renames one. */
export function ScreenNameDialog({
  state,
  onClose,
}: {
  state: ScreenDialogState | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('project');
  const add = useAddScreen();
  const rename = useRenameScreen();
  const initial = useMemo(
    () => (state?.mode === 'rename' ? { name: state.screen.name } : undefined),
    [state],
  );

  const submit = async ({ name }: { name: string }) => {
    if (state?.mode === 'rename') {
      await rename.mutateAsync({ id: state.screen.id, name });
      successToast(t('screen.renamed', { name }));
    } else if (state) {
      await add.mutateAsync({ project_id: state.projectId, name });
      successToast(t('screen.created', { name }));
    }
    onClose();
  };

  return (
    <NameDialog<{ name: string }>
      open={state !== undefined}
      title={state?.mode === 'rename' ? t('screen.renameTitle') : t('screen.addTitle')}
      okText={state?.mode === 'rename' ? t('common:save') : t('screen.create')}
      label={t('screen.name')}
      initial={initial}
      rules={[
        { required: true, whitespace: true, message: t('screen.nameRequired') },
        { max: NAME_MAX, message: t('screen.nameLength', { max: NAME_MAX }) },
      ]}
      maxLength={NAME_MAX + 1}
      places={PLACES}
      pending={add.isPending || rename.isPending}
      onSubmit={submit}
      onClose={onClose}
      testIds={TEST_IDS}
    />
  );
}
