import { useMemo, useState } from 'react';
import { Button, Card, Table } from 'antd';
import { RiseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MyAccountReply, TagAllocation } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { levelsByDevice } from './billing-display.ts';
import { TagAllocateDialog } from './TagAllocateDialog.tsx';
import { useTagAllocations } from './use-billing.ts';

interface Props {
  /** ca-allocate (19): the allocate / upgrade button. */
  canAllocate: boolean;
  cards: MyAccountReply['cards'] | undefined;
  compact: boolean;
}

/** The devices that have TAGs of a level, and (19) allocating or upgrading one. */
export function TagAllocationSection({ canAllocate, cards, compact }: Props) {
  const { t } = useTranslation('billing');
  const allocations = useTagAllocations();
  const [open, setOpen] = useState(false);
  const levels = useMemo(() => levelsByDevice(allocations.data?.list), [allocations.data]);
  const desktop = <T,>(cols: T[]): T[] => (compact ? [] : cols);

  return (
    <Card
      className="device-card"
      title={t('allocation.title')}
      styles={{ body: { padding: compact ? 8 : 16 } }}
      extra={
        canAllocate ? (
          <Button icon={<RiseOutlined />} onClick={() => setOpen(true)} data-testid="tag-allocate">
            {t('allocation.allocate')}
          </Button>
        ) : null
      }
    >
      <Table<TagAllocation>
        rowKey="device_id"
        size="middle"
        loading={allocations.isPending && !allocations.isError}
        dataSource={allocations.data ? [...allocations.data.list] : []}
        pagination={allocations.data && allocations.data.list.length > 20 ? { pageSize: 20 } : false}
        tableLayout="fixed"
        data-testid="tag-allocation-table"
        locale={{ emptyText: <div className="device-no-match">{t('allocation.empty')}</div> }}
        columns={[
          {
            title: t('allocation.column.device'),
            key: 'device',
            render: (_v, a) => (
              <div className="device-name-text">
                <span>{a.device_name ?? a.sn}</span>
                <span className="device-sub device-mono">{a.sn}</span>
              </div>
            ),
          },
          {
            title: t('allocation.column.level'),
            dataIndex: 'level',
            width: compact ? 110 : 140,
            render: (l: number, a) => (
              <div className="device-name-text">
                <span>{t('levelName', { level: l })}</span>
                {compact ? (
                  <span className="device-sub">
                    {t('allocation.tagsEvery', { count: a.tags, seconds: a.interval_s })}
                  </span>
                ) : null}
              </div>
            ),
          },
          ...desktop([
            { title: t('allocation.column.tags'), dataIndex: 'tags', width: 110, align: 'right' as const },
            {
              title: t('allocation.column.interval'),
              dataIndex: 'interval_s',
              width: 140,
              align: 'right' as const,
              render: (s: number) => t('seconds', { value: s }),
            },
            {
              title: t('allocation.column.updatedAt'),
              dataIndex: 'updated_at',
              width: 180,
              render: (ms: number) => formatDateTime(ms),
            },
          ]),
        ]}
      />
      {canAllocate ? (
        <TagAllocateDialog open={open} levels={levels} cards={cards} onClose={() => setOpen(false)} />
      ) : null}
    </Card>
  );
}
