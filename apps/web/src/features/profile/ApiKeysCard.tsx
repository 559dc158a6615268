import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreated, ApiKeyItem, UserProfile } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useAddApiKey, useApiKeys, useRevokeApiKey } from './use-api-keys.ts';

const LIFETIMES = [30, 90, 180, 365] as const;

interface NewKeyForm {
  name: string;
  days: number;
  access: 'same' | 'read';
}

/**
 * The caller's API keys (docs/api.md, "Integrations: API keys"): made here with the caller's own
 * permissions, or read-only; the key is shown once. The API also narrows a key to some
 * permissions or devices.
 */
export function ApiKeysCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const list = useApiKeys();
  const add = useAddApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<ApiKeyCreated | null>(null);
  const [form] = Form.useForm<NewKeyForm>();
  const { failure, report, clear } = usePlacedFailure();

  const submit = (v: NewKeyForm) =>
    add.mutate(
      {
        name: v.name.trim(),
        expires_in_days: v.days,
        permissions: profile.permissions,
        read_only: v.access === 'read',
      },
      {
        onSuccess: (key) => {
          setCreating(false);
          form.resetFields();
          setMade(key);
        },
        onError: report,
      },
    );

  const columns = [
    { title: t('apiKeys.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('apiKeys.key'),
      key: 'prefix',
      render: (k: ApiKeyItem) => <Typography.Text code>{`${k.prefix}…`}</Typography.Text>,
    },
    {
      title: t('apiKeys.rights'),
      key: 'rights',
      render: (k: ApiKeyItem) => (
        <>
          {k.read_only && <Tag color="blue">{t('apiKeys.readOnly')}</Tag>}
          {k.device_ids !== null && <Tag>{t('apiKeys.devices', { count: k.device_ids.length })}</Tag>}
          <Typography.Text type="secondary">
            {t('apiKeys.permissions', { count: k.permissions.length })}
          </Typography.Text>
        </>
      ),
    },
    { title: t('apiKeys.expires'), key: 'expires', render: (k: ApiKeyItem) => formatDateTime(k.expires_at) },
    {
      title: t('apiKeys.lastUsed'),
      key: 'used',
      render: (k: ApiKeyItem) =>
        k.last_used_at === null ? t('apiKeys.never') : formatDateTime(k.last_used_at),
    },
    { title: t('apiKeys.writes'), dataIndex: 'writes', key: 'writes' },
    {
      title: '',
      key: 'revoke',
      render: (k: ApiKeyItem) => (
        <Popconfirm
          title={t('apiKeys.revokeConfirm', { name: k.name })}
          onConfirm={() => revoke.mutate(k.id, { onError: toastFailure })}
        >
          <Button size="small" danger data-testid={`revoke-key-${k.id}`}>
            {t('apiKeys.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title={t('apiKeys.title')}
      data-testid="api-keys-card"
      extra={
        <Button type="primary" data-testid="new-api-key" onClick={() => setCreating(true)}>
          {t('apiKeys.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('apiKeys.text')}</Typography.Paragraph>
      <Table<ApiKeyItem>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('apiKeys.none') }}
      />
      <Modal
        open={creating}
        title={t('apiKeys.create')}
        okText={t('apiKeys.createOk')}
        confirmLoading={add.isPending}
        onOk={() => form.submit()}
        onCancel={() => {
          setCreating(false);
          clear();
        }}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'create-api-key' } as Record<string, string>}
      >
        <Form<NewKeyForm>
          form={form}
          layout="vertical"
          initialValues={{ days: 90, access: 'same' }}
          onFinish={submit}
          onValuesChange={clear}
        >
          <Form.Item
            name="name"
            label={t('apiKeys.name')}
            rules={[{ required: true, whitespace: true, max: 64 }]}
          >
            <Input maxLength={64} data-testid="api-key-name" />
          </Form.Item>
          <Form.Item name="days" label={t('apiKeys.lifetime')}>
            <Select options={LIFETIMES.map((d) => ({ value: d, label: t('apiKeys.days', { count: d }) }))} />
          </Form.Item>
          <Form.Item name="access" label={t('apiKeys.rights')} extra={t('apiKeys.rightsHelp')}>
            <Radio.Group>
              <Radio value="same">{t('apiKeys.sameAsMine')}</Radio>
              <Radio value="read" data-testid="api-key-read-only">
                {t('apiKeys.readOnly')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          {failure ? <Alert type="error" showIcon title={failure} className="form-failure" /> : null}
        </Form>
      </Modal>
      <Modal
        open={made !== null}
        title={t('apiKeys.madeTitle', { name: made?.name ?? '' })}
        onOk={() => setMade(null)}
        onCancel={() => setMade(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('apiKeys.done')}
      >
        <Alert type="warning" showIcon title={t('apiKeys.onlyOnce')} />
        <Typography.Paragraph copyable code className="profile-api-key" data-testid="api-key-secret">
          {made?.key}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
