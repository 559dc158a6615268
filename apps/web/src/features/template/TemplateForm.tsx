import { Form, Input, Radio, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { templateTypes, type TemplateType } from '@hmi/domain';

export interface TemplateValues {
  name: string;
  type: TemplateType;
  data_center?: string;
  hmi_model?: string;
  default_value?: string;
  description?: string;
}

const NAME_MAX = 64;

interface Props {
  form: FormInstance<TemplateValues>;
  readOnly: boolean;
  /** A new template: its data center can be picked (fixed once created). */
  creating: boolean;
  /** The data centers of the user's team. */
  centers: readonly string[];
  onValuesChange(): void;
}

/** The template editor's fields: name, type, data center, HMI model, default value, description. */
export function TemplateForm({ form, readOnly, creating, centers, onValuesChange }: Props) {
  const { t } = useTranslation('template');
  return (
    <Form<TemplateValues>
      form={form}
      layout="vertical"
      disabled={readOnly}
      onValuesChange={onValuesChange}
      className="template-form"
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[
          { required: true, whitespace: true, message: t('editor.nameRequired') },
          { max: NAME_MAX, message: t('editor.nameLength', { max: NAME_MAX }) },
        ]}
        className="template-form-wide"
      >
        <Input maxLength={NAME_MAX + 1} autoComplete="off" data-testid="template-name" />
      </Form.Item>
      <Form.Item name="type" label={t('field.type')}>
        <Radio.Group
          optionType="button"
          options={templateTypes.map((ty) => ({ value: ty, label: t(`type.${ty}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="data_center"
        label={t('field.dataCenter')}
        extra={creating ? undefined : t('editor.centerFixed')}
      >
        <Select
          disabled={!creating}
          options={centers.map((c) => ({
            value: c,
            label: t(`common:region.${c}`, { defaultValue: c.toUpperCase() }),
          }))}
        />
      </Form.Item>
      <Form.Item name="hmi_model" label={t('field.hmiModel')}>
        <Input maxLength={128} placeholder={t('editor.hmiModelPlaceholder')} data-testid="template-model" />
      </Form.Item>
      <Form.Item name="default_value" label={t('field.defaultValue')} extra={t('editor.defaultValueHint')}>
        <Input maxLength={1024} />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')} className="template-form-wide">
        <Input.TextArea maxLength={1024} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </Form>
  );
}
