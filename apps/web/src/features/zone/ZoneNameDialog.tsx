import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, Limits, validateZoneName, type ZoneItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { NameDialog } from '../../shared/lists/NameDialog.tsx';
import { useValidator } from '../auth/index.ts';
import { useAddZone, useRenameZone } from './use-zone-mutations.ts';

export type ZoneDialogState = { mode: 'add' } | { mode: 'rename'; zone: ZoneItem };

/** 1066 (the name exists) under the name; the limit (1065) and the rest above the buttons. */
const PLACES = { fieldOf: { [ErrorCode.E1066_ZONE_NAME_EXISTS]: 'name' }, fields: ['name'] };
const TEST_IDS = { dialog: 'zone-name-dialog', name: 'zone-name', submit: 'zone-save' };

/** Creates a zone or renames one: letters and digits, at most 32, unique in the team. */
export function ZoneNameDialog({ state, onClose }: { state: ZoneDialogState | undefined; onClose(): void }) {
  const { t } = useTranslation('zone');
  const { rule } = useValidator();
  const add = useAddZone();
  const rename = useRenameZone();
  const renaming = state?.mode === 'rename';
  const initial = useMemo(() => (state?.mode === 'rename' ? { name: state.zone.name } : undefined), [state]);
  const rules = useMemo(() => [rule(validateZoneName)], [rule]);

  const submit = async ({ name }: { name: string }) => {
    if (state?.mode === 'rename') {
      if (name !== state.zone.name) await rename.mutateAsync({ id: state.zone.id, name });
      successToast(t('renamed', { name }));
    } else if (state) {
      const zone = await add.mutateAsync({ name });
      successToast(t('created', { name: zone.name }));
    }
    onClose();
  };

  return (
    <NameDialog<{ name: string }>
      open={state !== undefined}
      title={renaming ? t('renameTitle') : t('addTitle')}
      okText={renaming ? t('common:save') : t('create')}
      label={t('name')}
      placeholder={t('namePlaceholder')}
      hint={t('nameHint', { max: Limits.zoneNameMax })}
      initial={initial}
      rules={rules}
      maxLength={Limits.zoneNameMax + 1}
      places={PLACES}
      pending={add.isPending || rename.isPending}
      onSubmit={submit}
      onClose={onClose}
      testIds={TEST_IDS}
    />
  );
}
