import { Alert, Card, Progress, Table, Typography } from 'antd';
import { AppstoreOutlined, CloudServerOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MyAccountReply } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { expiryWarnings, tagQuotaRows, trafficSummary, usedPercent } from './billing-display.ts';

type TagRow = ReturnType<typeof tagQuotaRows>[number];

function TagQuota({ rows }: { rows: TagRow[] }) {
  const { t } = useTranslation('billing');
  return (
    <Table<TagRow>
      rowKey="level"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="tag-quota"
      locale={{ emptyText: <div className="device-no-match">{t('quota.noTags')}</div> }}
      columns={[
        { title: t('quota.level'), dataIndex: 'level', render: (l: number) => t('levelName', { level: l }) },
        { title: t('quota.perDevice'), dataIndex: 'tags', align: 'right' },
        {
          title: t('quota.interval'),
          dataIndex: 'interval_s',
          align: 'right',
          render: (s?: number) => (s === undefined ? '-' : t('seconds', { value: s })),
        },
        {
          title: t('quota.usedTotal'),
          key: 'used',
          align: 'right',
          render: (_v, r) => `${r.used} / ${r.total}`,
        },
      ]}
    />
  );
}

/** The account's quotas: templates, TAGs per level, Remote Access traffic; and what will lock. */
export function QuotaSummary({ account }: { account: MyAccountReply }) {
  const { t } = useTranslation('billing');
  const traffic = trafficSummary(account.cards);
  const warnings = expiryWarnings(account);
  const { used, total } = account.templates;
  return (
    <>
      <div className="billing-quota">
        <Card
          size="small"
          className="device-card"
          title={
            <span>
              <AppstoreOutlined /> {t('quota.templates')}
            </span>
          }
          data-testid="template-quota"
        >
          <Typography.Text className="billing-figure">{t('quota.usedOf', { used, total })}</Typography.Text>
          <Progress
            percent={usedPercent(used, total)}
            status={used >= total ? 'exception' : 'normal'}
            showInfo={false}
          />
        </Card>
        {traffic ? (
          <Card
            size="small"
            className="device-card"
            title={
              <span>
                <CloudServerOutlined /> {t('quota.traffic')}
              </span>
            }
            data-testid="traffic-quota"
          >
            <Typography.Text className="billing-figure">
              {t('quota.gigabytesLeft', { left: traffic.left, total: traffic.total })}
            </Typography.Text>
            <Progress percent={usedPercent(traffic.total - traffic.left, traffic.total)} showInfo={false} />
          </Card>
        ) : null}
        <Card
          size="small"
          className="device-card billing-quota-wide"
          title={
            <span>
              <TagsOutlined /> {t('quota.tags')}
            </span>
          }
        >
          <TagQuota rows={tagQuotaRows(account.tags)} />
        </Card>
      </div>
      {warnings.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('expiry.title')}
          data-testid="expiry-preview"
          description={
            <ul className="billing-list">
              {warnings.map((w) => (
                <li key={w.card_id}>
                  {t('expiry.item', {
                    date: formatDateTime(w.expires_at),
                    number: w.number,
                    count: w.templates_over,
                  })}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </>
  );
}
