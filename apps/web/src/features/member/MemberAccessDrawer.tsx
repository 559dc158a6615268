import { useState } from 'react';
import { Drawer, Grid, Space, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { CrownOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MemberAccessItem, MemberAccessReply, MemberItem } from '@hmi/domain';
import { SearchInput } from '../../shared/lists/SearchInput.tsx';
import { useMemberAccess } from './use-members.ts';
import { accessReasonLines, operateState } from './member-display.ts';
import './member.css';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';
import { FilterRow } from '../../shared/lists/FilterRow.tsx';

const PAGE_SIZE = 20;
type Columns = NonNullable<TableProps<MemberAccessItem>['columns']>;

function OperateTag({ item, t }: { item: MemberAccessItem; t: TFunction }) {
  const { state, color } = operateState(item);
  return (
    <Tooltip title={t(`access.operateHint.${state}`)}>
      <Tag color={color} variant="outlined" data-testid={`access-operate-${item.device_id}`}>
        {t(`access.operate.${state}`)}
      </Tag>
    </Tooltip>
  );
}

function WhyCell({ item, t }: { item: MemberAccessItem; t: TFunction }) {
  const lines = accessReasonLines(item.via, (key, params) => t(key, params));
  return (
    <ul className="member-why" data-testid={`access-why-${item.device_id}`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const zoneText = (item: MemberAccessItem, t: TFunction) =>
  item.zone ? item.zone.name : <span className="device-muted">{t('access.noZone')}</span>;

function accessColumns(t: TFunction, compact: boolean): Columns {
  const name = (item: MemberAccessItem) =>
    item.name || <span className="device-muted">{t('access.unnamed')}</span>;
  if (compact)
    return [
      {
        title: t('access.field.device'),
        key: 'device',
        render: (_v, item) => (
          <div className="device-name-text">
            <span className="member-name">{name(item)}</span>
            <span className="device-sub">{item.sn}</span>
            <span className="list-sub">{zoneText(item, t)}</span>
          </div>
        ),
      },
      {
        title: t('access.field.why'),
        key: 'why',
        render: (_v, item) => (
          <>
            <OperateTag item={item} t={t} />
            <WhyCell item={item} t={t} />
          </>
        ),
      },
    ];
  return [
    {
      title: t('access.field.device'),
      key: 'device',
      width: 170,
      ellipsis: true,
      render: (_v, item) => name(item),
    },
    { title: t('access.field.sn'), dataIndex: 'sn', width: 150, className: 'device-mono', ellipsis: true },
    {
      title: t('access.field.zone'),
      key: 'zone',
      width: 120,
      ellipsis: true,
      render: (_v, item) => zoneText(item, t),
    },
    {
      title: t('access.field.operate'),
      key: 'operate',
      width: 190,
      render: (_v, item) => <OperateTag item={item} t={t} />,
    },
    { title: t('access.field.why'), key: 'why', render: (_v, item) => <WhyCell item={item} t={t} /> },
  ];
}

/** Who the member is in the team: role and the security zones it may operate in. */
function AccessHeader({ member, reply }: { member: MemberItem; reply: MemberAccessReply | undefined }) {
  const { t } = useTranslation('member');
  const main = reply?.is_main ?? member.is_main;
  return (
    <div className="member-access-head" data-testid="member-access-head">
      <Typography.Paragraph type="secondary" className="member-access-intro">
        {t('access.intro')}
      </Typography.Paragraph>
      <dl className="member-access-facts">
        <dt>{t('access.role')}</dt>
        <dd>
          {main ? (
            <Tag color="gold" icon={<CrownOutlined />} variant="outlined">
              {t('mainAccount')}
            </Tag>
          ) : (
            (member.role_name ?? <span className="device-muted">{t('noRole')}</span>)
          )}
        </dd>
        <dt>{t('access.zones')}</dt>
        <dd>
          {main ? (
            t('access.allZones')
          ) : reply && reply.zones.length > 0 ? (
            <Space size={[4, 4]} wrap>
              {reply.zones.map((z) => (
                <Tag key={z.id} icon={<SafetyOutlined />}>
                  {z.name}
                </Tag>
              ))}
            </Space>
          ) : reply ? (
            <span className="device-muted">{t('access.noZones')}</span>
          ) : null}
        </dd>
      </dl>
    </div>
  );
}

function AccessBody({ member, compact }: { member: MemberItem; compact: boolean }) {
  const { t } = useTranslation('member');
  const [search, setSearch] = useState<string>();
  const [page, setPage] = useState(1);
  const access = useMemberAccess({
    user_id: member.id,
    page,
    page_size: PAGE_SIZE,
    ...(search ? { search } : {}),
  });
  const reply = access.data;
  return (
    <div className="member-access">
      <AccessHeader member={member} reply={reply} />
      <FilterRow
        block={false}
        className="member-access-tools"
        extra={
          reply ? <span className="device-muted">{t('access.total', { count: reply.total })}</span> : null
        }
      >
        <SearchInput
          value={search}
          onSearch={(s) => {
            setSearch(s);
            setPage(1);
          }}
          placeholder={t('access.search')}
          className="device-search"
          testId="member-access-search"
        />
      </FilterRow>
      <PagedTable<MemberAccessItem>
        rowKey="device_id"
        size="small"
        columns={accessColumns(t, compact)}
        dataSource={reply?.list ?? []}
        loading={access.isPending || access.isFetching}
        tableLayout="fixed"
        scroll={{ x: compact ? undefined : 860 }}
        data-testid="member-access-table"
        locale={{
          emptyText: (
            <div className="device-no-match">{search ? t('access.noMatch') : t('access.empty')}</div>
          ),
        }}
        compact={compact}
        paging={{ page: page, pageSize: PAGE_SIZE, total: reply?.total ?? 0, onChange: setPage }}
      />
    </div>
  );
}

/** What a member can reach: each device they see, why (role or own grants), and whether they may operate it. */
export function MemberAccessDrawer({ member, onClose }: { member: MemberItem | undefined; onClose(): void }) {
  const { t } = useTranslation('member');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  return (
    <Drawer
      open={member !== undefined}
      onClose={onClose}
      title={t('access.title', { name: member ? member.name || member.account : '' })}
      size={compact ? '100%' : 920}
      destroyOnHidden
      data-testid="member-access-drawer"
    >
      {member ? <AccessBody key={member.id} member={member} compact={compact} /> : null}
    </Drawer>
  );
}
