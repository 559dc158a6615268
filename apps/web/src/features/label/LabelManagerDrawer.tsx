import { Progress } from 'antd';
import { TagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, validateLabelAdd, validateLabelName, type LabelItem } from '@hmi/domain';
import { NamedListDrawer } from '../../shared/lists/NamedListDrawer.tsx';
import { useLabels } from './use-labels.ts';
import { useAddLabel, useDeleteLabel, useRenameLabel } from './use-label-mutations.ts';
import './label.css';

const PLACES = { fields: ['name'] };
const TEST_IDS = { drawer: 'label-drawer', name: 'label-new-name', add: 'label-add', list: 'label-list' };

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
  const { list, max, isPending } = useLabels(open);
  const add = useAddLabel();
  const rename = useRenameLabel();
  const remove = useDeleteLabel();
  const room = validateLabelAdd(list.length);

  return (
    <NamedListDrawer<LabelItem>
      open={open}
      onClose={onClose}
      title={
        <span>
          <TagOutlined /> {t('title')}
        </span>
      }
      header={
        <div className="label-usage">
          <span>{t('usage', { count: list.length, max })}</span>
          <Progress
            percent={Math.round((list.length / max) * 100)}
            showInfo={false}
            size="small"
            status={room.ok ? 'normal' : 'exception'}
          />
        </div>
      }
      items={list}
      loading={isPending}
      checkName={(name, others) => {
        const r = validateLabelName(name, others);
        return r.ok ? undefined : tv(r.key, { ...r.params });
      }}
      maxLength={60}
      onAdd={(name) => add.mutateAsync({ name })}
      onRename={(l, name) => rename.mutateAsync({ id: l.id, name })}
      onDelete={(l) => remove.mutateAsync(l.id)}
      pending={{ add: add.isPending, rename: rename.isPending, remove: remove.isPending }}
      canEdit={canEdit}
      full={room.ok ? undefined : tv(room.key, { ...room.params })}
      places={PLACES}
      icon={() => <span className="label-dot" />}
      count={(l) => t('devices', { count: l.device_count })}
      confirmDelete={(l) => ({
        title: t('deleteTitle', { name: l.name }),
        description: l.device_count ? t('deleteText', { count: l.device_count }) : undefined,
      })}
      texts={{
        newLabel: t('new'),
        placeholder: t('namePlaceholder'),
        add: t('add'),
        rename: t('rename'),
        delete: t('delete'),
        save: t('save'),
        empty: t('empty'),
        created: (name) => t('created', { name }),
        deleted: (name) => t('deleted', { name }),
      }}
      testIds={TEST_IDS}
    />
  );
}
