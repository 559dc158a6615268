import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useZoneList } from './use-zones.ts';
import { useAssignZone } from './use-zone-mutations.ts';
import { ASSIGN_MAX, assignBody, NO_ZONE } from './zone-helpers.ts';

interface Props {
  /** The devices to put in a zone; undefined: the dialog is closed. */
  ids: readonly number[] | undefined;
  onClose(done: boolean): void;
}

/** Puts devices in a security zone, or in no zone; failures (1002, 1003...) shown translated above the buttons. */
export function ZoneAssignDialog({ ids, onClose }: Props) {
  const { t } = useTranslation('zone');
  const open = ids !== undefined;
  const zones = useZoneList(open);
  const assign = useAssignZone();
  const [choice, setChoice] = useState<number>();
  const { failure, report, clear } = usePlacedFailure();
  const tooMany = (ids?.length ?? 0) > ASSIGN_MAX;

  useEffect(() => {
    if (open) {
      setChoice(undefined);
      clear();
    }
  }, [open, clear]);

  const options = [
    { value: NO_ZONE, label: t('assign.none') },
    ...(zones.data?.list ?? []).map((z) => ({ value: z.id, label: z.name })),
  ];

  return (
    <Modal
      open={open}
      title={t('assign.title', { count: ids?.length ?? 0 })}
      okText={t('assign.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={
        {
          loading: assign.isPending,
          disabled: choice === undefined || tooMany,
          'data-testid': 'zone-assign-save',
        } as ButtonProps
      }
      onCancel={() => onClose(false)}
      onOk={() =>
        ids &&
        choice !== undefined &&
        assign.mutate(assignBody(choice, ids), {
          onSuccess: (r) => {
            successToast(t('assign.done', { count: r.updated }));
            onClose(true);
          },
          onError: report,
        })
      }
      destroyOnHidden
      className="device-dialog"
      data-testid="zone-assign-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('assign.target')} extra={t('assign.hint')}>
          <Select<number>
            value={choice}
            onChange={(v) => {
              setChoice(v);
              clear();
            }}
            options={options}
            loading={zones.isPending}
            placeholder={t('assign.placeholder')}
            showSearch={{ optionFilterProp: 'label' }}
            className="device-full-width"
            data-testid="zone-assign-select"
          />
        </Form.Item>
      </Form>
      {tooMany ? <Alert type="warning" showIcon title={t('assign.tooMany', { max: ASSIGN_MAX })} /> : null}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
