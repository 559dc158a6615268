import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WebhookLimits,
  webhookEventTypes,
  webhookFormats,
  type WebhookAddBody,
  type WebhookEndpoint,
} from '@hmi/domain';
import { EditorDrawer } from '../../shared/lists/EditorDrawer.tsx';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { useAddWebhook, useEditWebhook } from './use-webhooks.ts';

/** Open for a new endpoint (`mode: 'add'`) or one to edit. */
export type WebhookEditorState = { mode: 'add' } | { mode: 'edit'; endpoint: WebhookEndpoint } | undefined;

export interface WebhookEditorProps {
  state: WebhookEditorState;
  onClose(): void;
  /** A new endpoint was created: its secret, shown once. */
  onCreated(endpoint: WebhookEndpoint, secret: string): void;
  onSaved(endpoint: WebhookEndpoint): void;
}

const blank: WebhookAddBody = {
  name: '',
  url: 'https://',
  format: 'json',
  events: ['alarm.raised'],
  enabled: true,
};

/** The endpoint form in the editor drawer: name, URL, format, events, enabled. */
export function WebhookEditor({ state, onClose, onCreated, onSaved }: WebhookEditorProps) {
  const { t } = useTranslation('webhook');
  const [form] = Form.useForm<WebhookAddBody>();
  const add = useAddWebhook();
  const edit = useEditWebhook();
  const [failure, setFailure] = useState<string>();
  const editing = state?.mode === 'edit' ? state.endpoint : undefined;

  useEffect(() => {
    if (!state) return;
    setFailure(undefined);
    form.setFieldsValue(editing ? { ...editing } : blank);
  }, [state, editing, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setFailure(undefined);
    try {
      if (editing) onSaved(await edit.mutateAsync({ ...values, id: editing.id }));
      else {
        const created = await add.mutateAsync(values);
        onCreated(created.endpoint, created.secret);
      }
    } catch (err) {
      setFailure(failureText(err) ?? t('saveFailed'));
    }
  };

  return (
    <EditorDrawer
      open={state !== undefined}
      onClose={onClose}
      title={editing ? t('editTitle') : t('addTitle')}
      width={560}
      wideFrom="md"
      readOnly={false}
      loading={false}
      note={failure ? <Alert type="error" showIcon title={failure} /> : undefined}
      noteLayout="above"
      save={{
        text: editing ? t('save') : t('create'),
        onClick: () => void save(),
        pending: add.isPending || edit.isPending,
        testId: 'webhook-save',
      }}
      testId="webhook-editor"
    >
      {editing?.paused_at != null ? (
        <Alert type="warning" showIcon className="webhook-paused-note" title={t('pausedNote')} />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={blank}>
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[{ required: true, whitespace: true, max: WebhookLimits.nameMax }]}
        >
          <Input maxLength={WebhookLimits.nameMax} data-testid="webhook-name" />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('field.url')}
          extra={t('field.urlHint')}
          rules={[
            { required: true, max: WebhookLimits.urlMax },
            { pattern: /^https?:\/\/[^\s/]+/i, message: t('field.urlInvalid') },
          ]}
        >
          <Input inputMode="url" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="format" label={t('field.format')}>
          <Radio.Group
            optionType="button"
            options={webhookFormats.map((f) => ({ value: f, label: t(`format.${f}`) }))}
            data-testid="webhook-format"
          />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('field.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('field.eventsRequired') }]}
        >
          <Checkbox.Group
            className="webhook-events"
            options={webhookEventTypes.map((e) => ({ value: e, label: t(`event.${e}`) }))}
            data-testid="webhook-events"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
          <Switch data-testid="webhook-enabled" />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
