import { useEffect, useState } from 'react';
import { Alert, Form, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { successToast } from '../../shared/feedback/notifier.ts';
import { TemplateSelect } from '../template/index.ts';
import { useAssignTemplate } from './use-device-mutations.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';

interface Props {
  ids: number[] | undefined;
  current?: number | null;
  onClose(done: boolean): void;
}

/** Puts devices on a template (its config is published to them) or takes them off. */
export function AssignTemplateDialog({ ids, current, onClose }: Props) {
  const { t } = useTranslation('device');
  const [template, setTemplate] = useState<number | undefined>();
  const assign = useAssignTemplate();
  const { failure, report, clear } = usePlacedFailure();
  const open = ids !== undefined;

  useEffect(() => {
    if (open) {
      setTemplate(current ?? undefined);
      clear();
    }
  }, [open, current, clear]);

  return (
    <Modal
      open={open}
      title={t('assign.title', { count: ids?.length ?? 0 })}
      okText={t('assign.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: assign.isPending, 'data-testid': 'assign-submit' } as ButtonProps}
      onCancel={() => onClose(false)}
      onOk={() =>
        ids &&
        assign.mutate(
          { ids, template_id: template ?? null },
          {
            onSuccess: (r) => {
              successToast(t('assign.done', { count: r.count }));
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
        <Form.Item label={t('field.template')} extra={t('assign.hint')}>
          <TemplateSelect
            value={template}
            onChange={(v) => {
              setTemplate(v);
              clear();
            }}
            placeholder={t('form.noTemplate')}
            className="device-full-width"
            data-testid="assign-template"
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
