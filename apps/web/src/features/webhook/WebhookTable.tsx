import { Button, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { WebhookEndpoint } from '@hmi/domain';

type Columns = NonNullable<TableProps<WebhookEndpoint>['columns']>;

export interface WebhookTableProps {
  endpoints: WebhookEndpoint[] | undefined;
  loading: boolean;
  compact: boolean;
  canManage: boolean;
  testing: number | undefined;
  onEdit(e: WebhookEndpoint): void;
  onDelete(e: WebhookEndpoint): void;
  onTest(e: WebhookEndpoint): void;
  onLog(e: WebhookEndpoint): void;
}

/** Enabled, disabled, or paused by the server after failures. */
export function WebhookStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhook');
  if (endpoint.paused_at !== null)
    return (
      <Tooltip title={t('status.pausedHint', { count: endpoint.consecutive_failures })}>
        <Tag color="error">{t('status.paused')}</Tag>
      </Tooltip>
    );
  return endpoint.enabled ? (
    <Tag color="success">{t('status.enabled')}</Tag>
  ) : (
    <Tag>{t('status.disabled')}</Tag>
  );
}

function Actions({ e, p }: { e: WebhookEndpoint; p: WebhookTableProps }) {
  const { t } = useTranslation('webhook');
  return (
    <Space size={2} wrap>
      <Tooltip title={t('log.open')}>
        <Button
          type="text"
          size="small"
          icon={<HistoryOutlined />}
          aria-label={t('log.open')}
          onClick={() => p.onLog(e)}
          data-testid={`webhook-log-${e.id}`}
        />
      </Tooltip>
      {p.canManage ? (
        <>
          <Tooltip title={t('test.action')}>
            <Button
              type="text"
              size="small"
              icon={<SendOutlined />}
              aria-label={t('test.action')}
              loading={p.testing === e.id}
              onClick={() => p.onTest(e)}
              data-testid={`webhook-test-${e.id}`}
            />
          </Tooltip>
          <Tooltip title={t('edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('edit')}
              onClick={() => p.onEdit(e)}
              data-testid={`webhook-edit-${e.id}`}
            />
          </Tooltip>
          <Tooltip title={t('delete.action')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('delete.action')}
              onClick={() => p.onDelete(e)}
              data-testid={`webhook-delete-${e.id}`}
            />
          </Tooltip>
        </>
      ) : null}
    </Space>
  );
}

function columns(t: TFunction, p: WebhookTableProps): Columns {
  const desktop = (cols: Columns): Columns => (p.compact ? [] : cols);
  return [
    {
      title: t('column.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (_v, e) => (
        <div className="device-name-text">
          <span>{e.name}</span>
          <span className="list-sub webhook-url">{e.url}</span>
          {p.compact ? (
            <span className="list-sub">
              <WebhookStatus endpoint={e} /> {t(`format.${e.format}`)}
            </span>
          ) : null}
        </div>
      ),
    },
    ...desktop([
      { title: t('column.format'), dataIndex: 'format', width: 150, render: (f: string) => t(`format.${f}`) },
      {
        title: t('column.events'),
        dataIndex: 'events',
        width: 110,
        align: 'right',
        render: (ev: string[]) => t('eventCount', { count: ev.length }),
      },
      {
        title: t('column.status'),
        key: 'status',
        width: 120,
        render: (_v, e) => <WebhookStatus endpoint={e} />,
      },
    ]),
    {
      title: t('column.actions'),
      key: 'actions',
      width: p.compact ? 96 : 150,
      render: (_v, e) => <Actions e={e} p={p} />,
    },
  ];
}

/** The team's endpoints: name and URL, format, events, status, and the row's actions. */
export function WebhookTable(p: WebhookTableProps) {
  const { t } = useTranslation('webhook');
  return (
    <Table<WebhookEndpoint>
      rowKey="id"
      size={p.compact ? 'small' : 'middle'}
      dataSource={p.endpoints}
      loading={p.loading}
      columns={columns(t, p)}
      pagination={false}
      locale={{ emptyText: t('empty') }}
      data-testid="webhook-table"
    />
  );
}
