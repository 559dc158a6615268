import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorCode, Perm, validateDeviceName, type DeviceListItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useValidator } from '../auth/index.ts';
import { GroupTreeSelect } from '../device-group/index.ts';
import { TemplateSelect } from '../template/index.ts';
import { useBindDevice, useEditDevice } from './use-device-mutations.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { usePermission } from '../../shared/session/use-permission.ts';

interface Values {
  sn: string;
  pin: string;
  name: string;
  group_id?: number;
  template_id?: number;
  address?: string;
  remark?: string;
}

/** Codes of the bind and edit calls that belong under one field. */
const PLACES = {
  fieldOf: {
    [ErrorCode.E1025_ILLEGAL_PIN]: 'pin',
    [ErrorCode.E1028_ILLEGAL_HMI_SN]: 'sn',
    [ErrorCode.E1102_HMI_SN_ALREADY_BOUND]: 'sn',
    [ErrorCode.E1034_DEVICE_NAME_EXISTS]: 'name',
    [ErrorCode.E1027_ILLEGAL_GROUP_ID]: 'group_id',
    [ErrorCode.E1029_ILLEGAL_TEMPLATE_ID]: 'template_id',
  },
  fields: ['sn', 'pin', 'name', 'address', 'remark'],
};

const SN_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

interface Props {
  open: boolean;
  /** The device to edit; none = bind a new one. */
  device?: DeviceListItem | undefined;
  onClose(): void;
}

/**
 * Bind a device by SN + PIN, or edit a bound one. The device name rule runs as the user types
 * (the domain validator, its translated message); the server's codes show under their field.
 */
export function DeviceFormDialog({ open, device, onClose }: Props) {
  const { t } = useTranslation('device');
  const [form] = Form.useForm<Values>();
  const { rule } = useValidator();
  const can = usePermission();
  const bind = useBindDevice();
  const edit = useEditDevice();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const editing = device !== undefined;
  const pending = bind.isPending || edit.isPending;

  useEffect(() => {
    if (!open) return;
    clear();
    form.resetFields();
    if (device) {
      form.setFieldsValue({
        name: device.name,
        group_id: device.group_id ?? undefined,
        template_id: device.template_id ?? undefined,
        address: device.address,
        remark: device.remark,
      });
    }
  }, [open, device, form, clear]);

  const submit = async () => {
    const v = await form.validateFields();
    clear();
    const common = {
      name: v.name.trim(),
      group_id: v.group_id ?? null,
      template_id: v.template_id ?? null,
      address: v.address?.trim() ?? '',
      remark: v.remark?.trim() ?? '',
    };
    if (device) {
      edit.mutate(
        { id: device.id, ...common },
        {
          onSuccess: () => {
            successToast(t('form.saved'));
            onClose();
          },
          onError: report,
        },
      );
    } else {
      bind.mutate(
        { sn: v.sn.trim(), pin: v.pin.trim(), ...common },
        {
          onSuccess: (d) => {
            successToast(t('form.bound', { name: d.name }));
            onClose();
          },
          onError: report,
        },
      );
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.bindTitle')}
      okText={editing ? t('common:save') : t('form.bindSubmit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: pending, 'data-testid': 'device-form-submit' } as ButtonProps}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      className="device-dialog"
    >
      <div data-testid="device-form">
        {editing ? null : (
          <div className="device-bind-help">
            <InfoCircleOutlined className="device-bind-help-icon" />
            <div>
              <strong>{t('form.whereTitle')}</strong>
              <div>{t('form.whereText')}</div>
            </div>
          </div>
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark="optional"
          onValuesChange={clear}
          className="device-form"
          onFinish={() => void submit().catch(() => undefined)}
        >
          <DeviceIdentityFields sn={device?.sn} />
          <Form.Item
            name="name"
            label={t('field.name')}
            required
            rules={[rule(validateDeviceName)]}
            validateTrigger={['onChange', 'onBlur']}
            tooltip={t('form.nameHint')}
          >
            <Input autoComplete="off" maxLength={64} data-testid="bind-name" />
          </Form.Item>
          {/* Hidden, not removed, without the view right: the device keeps its group and template. */}
          <div className="device-form-pair">
            <Form.Item name="group_id" label={t('field.group')} hidden={!can(Perm.GroupView)}>
              <GroupTreeSelect placeholder={t('form.noGroup')} data-testid="bind-group" />
            </Form.Item>
            <Form.Item name="template_id" label={t('field.template')} hidden={!can(Perm.TemplateView)}>
              <TemplateSelect placeholder={t('form.noTemplate')} data-testid="bind-template" />
            </Form.Item>
          </div>
          <Form.Item name="address" label={t('field.address')}>
            <Input maxLength={255} placeholder={t('form.addressPlaceholder')} data-testid="bind-address" />
          </Form.Item>
          <Form.Item name="remark" label={t('field.remark')}>
            <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="bind-remark" />
          </Form.Item>
          {failure ? (
            <Alert
              type="error"
              showIcon
              title={failure}
              className="device-form-failure"
              data-testid="device-form-error"
            />
          ) : null}
          <button type="submit" hidden aria-hidden />
        </Form>
      </div>
    </Modal>
  );
}

/** Editing: the SN, read-only; binding: the SN and PIN fields. */
function DeviceIdentityFields({ sn }: { sn: string | undefined }) {
  const { t } = useTranslation('device');
  return sn !== undefined ? (
    // Read-only: shown, not a form field (a field without a rule would read "optional").
    <div className="device-form-readonly" data-testid="device-form-sn">
      <div className="device-form-readonly-label">{t('field.sn')}</div>
      <Typography.Text code copyable>
        {sn}
      </Typography.Text>
    </div>
  ) : (
    <div className="device-form-pair">
      <Form.Item
        name="sn"
        label={t('field.sn')}
        rules={[
          { required: true, whitespace: true, message: t('form.snRequired') },
          { pattern: SN_PATTERN, message: t('form.snPattern') },
        ]}
        normalize={(v: string) => v.replace(/\s/g, '')}
      >
        <Input autoFocus autoComplete="off" spellCheck={false} maxLength={64} data-testid="bind-sn" />
      </Form.Item>
      <Form.Item
        name="pin"
        label={t('field.pin')}
        rules={[
          { required: true, whitespace: true, message: t('form.pinRequired') },
          { min: 4, max: 128, message: t('form.pinLength') },
        ]}
      >
        <Input.Password autoComplete="off" maxLength={128} data-testid="bind-pin" />
      </Form.Item>
    </div>
  );
}
