import { FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlarmLimits, ErrorCode, type AlarmGroup } from '@hmi/domain';
import type { FailurePlaces } from '../../shared/feedback/use-placed-failure.ts';
import { NamedListDrawer } from '../../shared/lists/NamedListDrawer.tsx';
import { checkGroupName } from './group-name.ts';
import { issueText, useIssueText } from './issue-text.ts';
import { useAlarmGroupMutations, useAlarmGroups } from './use-alarm-groups.ts';

/** 1085 and 1006 field errors under the name; a one-field form, so any other failure too. */
const PLACES: FailurePlaces = {
  fieldOf: { [ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS]: 'name' },
  fields: ['name'],
  rest: 'name',
};

const TEST_IDS = {
  drawer: 'alarm-groups-drawer',
  name: 'alarm-group-name',
  add: 'alarm-group-add',
  list: 'alarm-group-list',
  rename: 'alarm-group-rename',
  delete: 'alarm-group-delete',
  renameInput: 'alarm-group-rename-input',
  renameSave: 'alarm-group-rename-save',
};

/** Create, rename and delete alarm groups (names unique in the team, 1085). */
export function AlarmGroupsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('alarm');
  const { list, isPending } = useAlarmGroups(open);
  const { add, rename, remove } = useAlarmGroupMutations();
  const issue = useIssueText();

  return (
    <NamedListDrawer<AlarmGroup>
      open={open}
      onClose={onClose}
      title={
        <span>
          <FolderOutlined /> {t('group.title')}
        </span>
      }
      items={list}
      loading={isPending}
      checkName={(name, others) => {
        const found = checkGroupName(name, others);
        return found ? issue(found) : undefined;
      }}
      maxLength={AlarmLimits.groupNameMax + 8}
      onAdd={(name) => add.mutateAsync(name)}
      onRename={(g, name) => rename.mutateAsync({ id: g.id, name })}
      onDelete={(g) => remove.mutateAsync(g.id)}
      pending={{ add: add.isPending, rename: rename.isPending, remove: remove.isPending }}
      places={PLACES}
      keyText={issueText}
      icon={() => <FolderOutlined className="alarm-muted" />}
      count={(g) => t('group.rules', { count: g.rule_count })}
      confirmDelete={(g) => ({
        title: t('group.deleteTitle', { name: g.name }),
        description: g.rule_count ? t('group.deleteText', { count: g.rule_count }) : undefined,
      })}
      texts={{
        newLabel: t('group.new'),
        placeholder: t('group.namePlaceholder'),
        add: t('group.add'),
        rename: t('group.rename'),
        delete: t('delete'),
        save: t('common:save'),
        empty: t('group.empty'),
        created: (name) => t('group.created', { name }),
        deleted: (name) => t('group.deleted', { name }),
      }}
      testIds={TEST_IDS}
    />
  );
}
