import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Segmented, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Limits, VALIDATION_NAMESPACE, validateLabelSelection, type LabelRef } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { LabelSelect } from '../label/index.ts';
import { useSetDeviceLabels } from './use-device-mutations.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';

type Mode = 'set' | 'add' | 'remove';

interface Props {
  ids: number[] | undefined;
  /** The labels of the one device being labelled (several devices: none, and a mode to choose). */
  current?: readonly LabelRef[];
  onClose(done: boolean): void;
  onManage(): void;
}

/** Sets the labels of one device, or adds/removes/replaces labels on several (at most 10 each). */
export function DeviceLabelsDialog({ ids, current, onClose, onManage }: Props) {
  const { t } = useTranslation('device');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  const [labels, setLabels] = useState<number[]>([]);
  const [mode, setMode] = useState<Mode>('set');
  const save = useSetDeviceLabels();
  const { failure, report, clear } = usePlacedFailure();
  const open = ids !== undefined;
  const bulk = (ids?.length ?? 0) > 1;

  useEffect(() => {
    if (open) {
      setLabels(current?.map((l) => l.id) ?? []);
      setMode(bulk ? 'add' : 'set');
      clear();
    }
  }, [open, current, bulk, clear]);

  const check = validateLabelSelection(labels);
  const selectionError = check.ok ? undefined : tv(check.key, { ...check.params });

  return (
    <Modal
      open={open}
      title={t('labels.title', { count: ids?.length ?? 0 })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={
        {
          loading: save.isPending,
          disabled: Boolean(selectionError) || (mode !== 'set' && labels.length === 0),
          'data-testid': 'labels-submit',
        } as ButtonProps
      }
      onCancel={() => onClose(false)}
      onOk={() =>
        ids &&
        save.mutate(
          { ids, label_ids: labels, mode },
          {
            onSuccess: (r) => {
              successToast(t('labels.done', { count: r.count }));
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
        {bulk ? (
          <Form.Item label={t('labels.mode')}>
            <Segmented<Mode>
              value={mode}
              onChange={setMode}
              options={(['add', 'remove', 'set'] as const).map((m) => ({
                value: m,
                label: t(`labels.modes.${m}`),
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label={t('field.labels')}
          validateStatus={selectionError ? 'error' : undefined}
          help={selectionError}
          extra={
            <span>
              {t('labels.hint', { max: Limits.labelSelectedMax })}{' '}
              <a onClick={onManage} data-testid="labels-manage-link">
                {t('labels.manage')}
              </a>
            </span>
          }
        >
          <LabelSelect
            value={labels}
            onChange={(v) => {
              setLabels(v);
              clear();
            }}
            data-testid="labels-select"
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
