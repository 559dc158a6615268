import { useEffect } from 'react';
import { Alert, Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type TemplateItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useCopyTemplate } from './use-template-mutations.ts';

const PLACES = { fieldOf: { [ErrorCode.E1030_TEMPLATE_NAME_EXISTS]: 'name' }, fields: ['name'] };
const NAME_MAX = 64;

/** Copies a template and its tags under a new name (1030 under the name, 1033 above the buttons). */
export function TemplateCopyDialog({
  source,
  onClose,
}: {
  source: TemplateItem | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('template');
  const [form] = Form.useForm<{ name: string }>();
  const copy = useCopyTemplate();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);

  useEffect(() => {
    if (!source) return;
    clear();
    form.setFieldsValue({ name: t('copy.defaultName', { name: source.name }).slice(0, NAME_MAX) });
  }, [source, form, clear, t]);

  const submit = async () => {
    const { name } = await form.validateFields();
    if (!source) return;
    copy.mutate(
      { id: source.id, name: name.trim() },
      {
        onSuccess: (tpl) => {
          successToast(t('copy.done', { name: tpl.name }));
          onClose();
        },
        onError: report,
      },
    );
  };

  return (
    <Modal
      open={source !== undefined}
      title={t('copy.title', { name: source?.name ?? '' })}
      okText={t('copy.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: copy.isPending, 'data-testid': 'template-copy-submit' } as ButtonProps}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={clear}
        onFinish={() => void submit().catch(() => undefined)}
      >
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[
            { required: true, whitespace: true, message: t('editor.nameRequired') },
            { max: NAME_MAX, message: t('editor.nameLength', { max: NAME_MAX }) },
          ]}
        >
          <Input autoFocus maxLength={NAME_MAX + 1} data-testid="template-copy-name" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
