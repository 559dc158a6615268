import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataGrants } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { EditorDrawer } from '../../shared/lists/EditorDrawer.tsx';
import { PickerFailure } from './PickerFailure.tsx';
import { useMemberDataPm } from './use-roles.ts';
import { useSaveMemberGrants } from './use-role-mutations.ts';
import { emptyGrants, grantCounts, grantsBody } from './grants.ts';
import { DataGrantsEditor } from './DataGrantsEditor.tsx';
import { GrantCountTags } from './GrantCountTags.tsx';
import './role.css';

interface Props {
  /** The member whose own data permissions are edited; undefined = closed. */
  member: { id: number; name: string } | undefined;
  onClose(): void;
}

/**
 * A member's data permissions beside their role's: the role's grants and what the member created
 * (read only, as counts), and the grants given to the member alone (edited with the role pickers).
 */
export function MemberGrantsDrawer({ member, onClose }: Props) {
  const { t } = useTranslation('role');
  const userId = member?.id;
  const dataPm = useMemberDataPm(userId);
  const save = useSaveMemberGrants();
  const { failure, report, clear } = usePlacedFailure();
  const [grants, setGrants] = useState<DataGrants>(emptyGrants);
  const source = useMemo(() => ({ kind: 'member' as const, userId: userId ?? 0 }), [userId]);

  /** The member whose loaded grants are being edited: a refetch (window focus) must not undo edits. */
  const applied = useRef<number | undefined>(undefined);

  useEffect(() => {
    applied.current = undefined;
    clear();
    setGrants(emptyGrants());
  }, [userId, clear]);

  const loaded = dataPm.data;
  useEffect(() => {
    if (!loaded || loaded.user_id !== userId || applied.current === userId) return;
    applied.current = userId;
    setGrants({ ...emptyGrants(), ...loaded.grants });
  }, [loaded, userId]);

  const counts = (g: DataGrants) => <GrantCountTags counts={grantCounts(g)} empty={t('member.nothing')} />;
  const ready = loaded !== undefined && loaded.user_id === userId;

  const submit = () => {
    if (userId === undefined) return;
    clear();
    save.mutate(
      { user_id: userId, grants: grantsBody(grants) },
      {
        onSuccess: () => {
          successToast(t('member.saved', { name: member?.name ?? '' }));
          onClose();
        },
        onError: report,
      },
    );
  };

  return (
    <EditorDrawer
      open={member !== undefined}
      onClose={onClose}
      title={t('member.title', { name: member?.name ?? '' })}
      width={720}
      wideFrom="md"
      testId="member-grants-drawer"
      readOnly={false}
      loading={!ready}
      failed={dataPm.isError ? <PickerFailure error={dataPm.error} /> : undefined}
      note={
        failure ? <Alert type="error" showIcon title={failure} data-testid="member-grants-error" /> : null
      }
      noteLayout="above"
      save={{
        text: t('common:save'),
        onClick: submit,
        pending: save.isPending,
        disabled: !ready,
        testId: 'member-grants-save',
      }}
    >
      {ready ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            className="role-member-context"
            items={[
              {
                key: 'role',
                label: t('member.fromRole'),
                children: loaded.role_id === null ? t('member.noRole') : counts(loaded.role_grants),
              },
              { key: 'created', label: t('member.created'), children: counts(loaded.created) },
            ]}
          />
          <Alert type="info" showIcon title={t('member.ownHint')} className="role-member-hint" />
          <DataGrantsEditor
            source={source}
            value={grants}
            onChange={(g) => {
              clear();
              setGrants(g);
            }}
          />
        </>
      ) : null}
    </EditorDrawer>
  );
}
