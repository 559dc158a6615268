import { useEffect, useState } from 'react';
import { Alert, Form, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { successToast } from '../../shared/feedback/notifier.ts';
import { GroupTreeSelect } from '../device-group/index.ts';
import { useMoveDevices } from './use-device-mutations.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';

interface Props {
  ids: number[] | undefined;
  /** The current group when one device moves. */
  current?: number | null;
  onClose(done: boolean): void;
}

/** Moves devices to a group, or out of every group. */
export function MoveDevicesDialog({ ids, current, onClose }: Props) {
  const { t } = useTranslation('device');
  const [group, setGroup] = useState<number | undefined>();
  const move = useMoveDevices();
  const { failure, report, clear } = usePlacedFailure();
  const open = ids !== undefined;

  useEffect(() => {
    if (open) {
      setGroup(current ?? undefined);
      clear();
    }
  }, [open, current, clear]);

  return (
    <Modal
      open={open}
      title={t('move.title', { count: ids?.length ?? 0 })}
      okText={t('move.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: move.isPending, 'data-testid': 'move-submit' } as ButtonProps}
      onCancel={() => onClose(false)}
      onOk={() =>
        ids &&
        move.mutate(
          { ids, group_id: group ?? null },
          {
            onSuccess: (r) => {
              successToast(t('move.done', { count: r.count }));
              onClose(true);
            },
            onError: report,
          },
        )
      }
      destroyOnHidden
      className="device-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('move.target')} extra={t('move.hint')}>
          <GroupTreeSelect
            value={group}
            onChange={(v) => {
              setGroup(v);
              clear();
            }}
            placeholder={t('form.noGroup')}
            data-testid="move-group"
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
