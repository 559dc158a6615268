import { Alert, Form, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorTag } from '@hmi/domain';
import type { PointFormMode, PointFormValues } from './point-form.ts';
import { PointAddressFields, PointIdentityFields } from './PointFormFields.tsx';
import { usePointForm } from './use-point-form.ts';

export type { PointFormMode } from './point-form.ts';

interface Props {
  deviceId: number;
  mode: PointFormMode;
  /** The point edited (mode edit). */
  point?: MonitorTag | undefined;
  /** Names of the device's other tags (uniqueness as the user types). */
  takenNames: readonly string[];
  onClose(): void;
}

/** Add one point, batch add 2-100 numbered points, or edit a point; every rule of SPEC section 5 as the user types. */
export function PointFormDialog({ deviceId, mode, point, takenNames, onClose }: Props) {
  const { t } = useTranslation('monitor');
  const { form, initial, failure, clear, pending, dataType, preview, submit } = usePointForm(
    deviceId,
    mode,
    point,
    onClose,
  );
  const title =
    mode === 'edit' ? t('form.editTitle') : mode === 'batch' ? t('form.batchTitle') : t('form.addTitle');

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': 'point-submit' } as never}
      width={640}
      destroyOnHidden
      data-testid="point-form"
    >
      <Form<PointFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={clear}
        requiredMark
        className="monitor-form"
      >
        <Row gutter={12}>
          <PointIdentityFields form={form} mode={mode} takenNames={takenNames} names={preview.names} />
          <PointAddressFields form={form} mode={mode} addresses={preview.addresses} dataType={dataType} />
        </Row>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} data-testid="point-failure" />}
    </Modal>
  );
}
