import { useEffect, useState } from 'react';
import { Alert, Form, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { GroupTreeSelect } from './GroupTreeSelect.tsx';
import { useMoveGroup } from './use-group-mutations.ts';

/** Moves a group under another (not under itself or a descendant) or to the root. */
export function GroupMoveDialog({
  group,
  onClose,
}: {
  group: { id: number; name: string; parent_id: number | null } | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('group');
  const [parent, setParent] = useState<number | undefined>();
  const move = useMoveGroup();
  const { failure, report, clear } = usePlacedFailure();

  useEffect(() => {
    if (group) {
      setParent(group.parent_id ?? undefined);
      clear();
    }
  }, [group, clear]);

  return (
    <Modal
      open={group !== undefined}
      title={t('moveTitle', { name: group?.name ?? '' })}
      okText={t('move')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: move.isPending, 'data-testid': 'group-move-submit' } as ButtonProps}
      onOk={() =>
        group &&
        move.mutate(
          { id: group.id, parent_id: parent ?? null },
          {
            onSuccess: () => {
              successToast(t('moved'));
              onClose();
            },
            onError: report,
          },
        )
      }
      onCancel={onClose}
      destroyOnHidden
      className="device-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('parent')} extra={t('moveHint')}>
          <GroupTreeSelect
            value={parent}
            exclude={group?.id}
            onChange={(v) => {
              setParent(v);
              clear();
            }}
            placeholder={t('root')}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
