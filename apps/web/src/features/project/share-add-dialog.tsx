import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Space, Typography, type ButtonProps } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ShareLimits, type ShareCreated } from '@hmi/domain';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { shareApi, shareKeys } from './share-api.ts';
import { expiryHours, expiryMax, shareLink, type ExpiryUnit } from './share-link.ts';

interface Props {
  projectId: number;
  open: boolean;
  onClose(): void;
}

interface Values {
  name: string;
  amount: number | null;
  unit: ExpiryUnit;
}

/** The new link, shown this once (the server keeps only the token's hash), with a copy button. */
function CreatedLink({ created }: { created: ShareCreated }) {
  const { t } = useTranslation('project');
  const link = shareLink(created.token);
  return (
    <Space direction="vertical" size={12} className="share-created" data-testid="share-created">
      <Alert type="warning" showIcon title={t('share.onceNotice')} />
      <Typography.Paragraph
        copyable={{ text: link, tooltips: [t('share.copy'), t('share.copied')] }}
        className="share-link-text"
        data-testid="share-link"
      >
        {link}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {t('share.expiresAt', { time: formatDateTime(created.expires_at) })}
      </Typography.Text>
    </Space>
  );
}

/**
 * Making a share link (edit 42): a name and an expiry in hours or days (1 hour to 1 year). Once
 * made, the same dialog shows the link and closes with Done; a refusal (too many links, the
 * project locked) stays in it.
 */
export function ShareAddDialog({ projectId, open, onClose }: Props) {
  const { t } = useTranslation('project');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: shareApi.add,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(projectId) }),
  });
  const [unit, setUnit] = useState<ExpiryUnit>('days');
  const created = add.data;

  const submit = async () => {
    const v = await form.validateFields();
    const hours = expiryHours(v.amount, v.unit);
    if (hours === undefined) return;
    add.mutate({ project_id: projectId, name: v.name.trim(), expires_in_hours: hours });
  };
  const close = () => {
    add.reset();
    form.resetFields();
    setUnit('days');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={created ? t('share.createdTitle') : t('share.addTitle')}
      onCancel={close}
      onOk={created ? close : () => void submit()}
      okText={created ? t('share.done') : t('share.create')}
      cancelButtonProps={created ? { style: { display: 'none' } } : {}}
      okButtonProps={{ loading: add.isPending, 'data-testid': 'share-add-ok' } as ButtonProps}
      maskClosable={false}
      destroyOnHidden
      data-testid="share-add-dialog"
    >
      {created ? (
        <CreatedLink created={created} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ name: '', amount: 30, unit: 'days' }}>
          <Form.Item
            name="name"
            label={t('share.name')}
            rules={[
              { required: true, whitespace: true, max: ShareLimits.nameMax, message: t('share.nameRule') },
            ]}
          >
            <Input maxLength={ShareLimits.nameMax} autoFocus data-testid="share-name" />
          </Form.Item>
          <Form.Item label={t('share.expiry')} required>
            <Space.Compact>
              <Form.Item
                name="amount"
                noStyle
                rules={[
                  {
                    validator: (_, value: number | null) =>
                      expiryHours(value, unit) === undefined
                        ? Promise.reject(new Error(t('share.expiryRule')))
                        : Promise.resolve(),
                  },
                ]}
              >
                <InputNumber min={1} max={expiryMax(unit)} precision={0} data-testid="share-amount" />
              </Form.Item>
              <Form.Item name="unit" noStyle>
                <Select
                  className="share-unit"
                  onChange={(u: ExpiryUnit) => setUnit(u)}
                  options={[
                    { value: 'hours', label: t('share.hours') },
                    { value: 'days', label: t('share.days') },
                  ]}
                  data-testid="share-unit"
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          {add.isError ? (
            <Alert type="error" showIcon title={failureText(add.error) ?? t('share.addFailed')} />
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
