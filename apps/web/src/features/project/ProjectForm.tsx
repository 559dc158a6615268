import { Form, Input, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceMultiSelect, type DevicePick } from '../../shared/devices/DeviceMultiSelect.tsx';

export interface ProjectValues {
  name: string;
  description?: string;
  /** The devices of the project the user sees. */
  devices?: DevicePick[];
}

export const PROJECT_NAME_MAX = 64;
const DESCRIPTION_MAX = 500;
/** The contract's limit of a project's devices (projectDevicesBody). */
const DEVICES_MAX = 200;

interface Props {
  form: FormInstance<ProjectValues>;
  readOnly: boolean;
  /** Devices of the project outside the user's data permissions: they stay, unseen. */
  hiddenDevices: number;
  onValuesChange(): void;
}

/** The project editor's fields: name (1-64, unique in the team), description and the devices. */
export function ProjectForm({ form, readOnly, hiddenDevices, onValuesChange }: Props) {
  const { t } = useTranslation('project');
  return (
    <Form<ProjectValues>
      form={form}
      layout="vertical"
      disabled={readOnly}
      onValuesChange={onValuesChange}
      className="project-form"
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[
          { required: true, whitespace: true, message: t('editor.nameRequired') },
          { max: PROJECT_NAME_MAX, message: t('editor.nameLength', { max: PROJECT_NAME_MAX }) },
        ]}
      >
        <Input maxLength={PROJECT_NAME_MAX + 1} autoComplete="off" data-testid="project-name" />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea
          maxLength={DESCRIPTION_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="project-description"
        />
      </Form.Item>
      <Form.Item
        name="devices"
        label={t('field.devices')}
        extra={
          hiddenDevices > 0 ? (
            <Typography.Text type="secondary" data-testid="project-hidden-devices">
              {t('editor.hiddenDevices', { count: hiddenDevices })}
            </Typography.Text>
          ) : (
            t('editor.devicesHint')
          )
        }
      >
        <DeviceMultiSelect
          placeholder={t('editor.devicesPlaceholder')}
          max={DEVICES_MAX - hiddenDevices}
          className="device-full-width"
          testId="project-devices"
        />
      </Form.Item>
    </Form>
  );
}
