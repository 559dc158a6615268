import { useMemo } from 'react';
import { Badge, Tag, type TableProps } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MemberItem, MemberListReply } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { accountText, memberActions, type MemberRights } from './member-display.ts';
import {
  MemberRowActions,
  memberRowButtons,
  type MemberRowAction,
  type MemberRowHandlers,
} from './MemberRowActions.tsx';
import './member.css';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

type Columns = NonNullable<TableProps<MemberItem>['columns']>;

const STATUS_BADGE: Record<MemberItem['status'], 'success' | 'processing' | 'default'> = {
  active: 'success',
  pending: 'processing',
  closed: 'default',
};

interface RowContext {
  compact: boolean;
  callerId: number | undefined;
  rights: MemberRights;
  handlers: MemberRowHandlers;
  /** More buttons for a row (the data permissions drawer plugs in here), after the built-in ones. */
  extraActions?: (member: MemberItem) => MemberRowAction[];
}

function RoleCell({ member, t }: { member: MemberItem; t: TFunction }) {
  if (member.is_main)
    return (
      <Tag color="gold" icon={<CrownOutlined />} variant="outlined" data-testid="member-main-tag">
        {t('mainAccount')}
      </Tag>
    );
  return member.role_name ? (
    <span className="member-role">{member.role_name}</span>
  ) : (
    <span className="device-muted">{t('noRole')}</span>
  );
}

/** Name (the account under it on a phone) and role, details on a desktop only, then the actions. */
function memberColumns(t: TFunction, ctx: RowContext): Columns {
  const { compact } = ctx;
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  return [
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: compact ? undefined : 180,
      ellipsis: true,
      render: (_v, m) => (
        <div className="device-name-text">
          <span className="member-name">
            {m.name || accountText(m)}
            {m.id === ctx.callerId ? (
              <Tag className="member-you" variant="filled">
                {t('you')}
              </Tag>
            ) : null}
          </span>
          {compact ? <span className="list-sub">{accountText(m)}</span> : null}
        </div>
      ),
    },
    ...desktop([
      {
        title: t('field.account'),
        key: 'account',
        width: 220,
        ellipsis: true,
        render: (_v, m) => accountText(m),
      },
    ]),
    {
      title: t('field.role'),
      key: 'role',
      width: compact ? 110 : 150,
      ellipsis: true,
      render: (_v, m) => <RoleCell member={m} t={t} />,
    },
    ...desktop([
      {
        title: t('field.joined'),
        dataIndex: 'joined_at',
        width: 170,
        render: (v: number) => formatDateTime(v),
      },
      {
        title: t('field.lastLogin'),
        dataIndex: 'last_login_at',
        width: 170,
        render: (v: number | null) =>
          v === null ? <span className="device-muted">{t('never')}</span> : formatDateTime(v),
      },
      {
        title: t('field.status'),
        dataIndex: 'status',
        width: 120,
        render: (v: MemberItem['status']) => <Badge status={STATUS_BADGE[v]} text={t(`status.${v}`)} />,
      },
    ]),
    {
      key: 'actions',
      title: compact ? '' : t('field.actions'),
      fixed: compact ? undefined : 'right',
      width: compact ? 96 : 330,
      align: 'right',
      render: (_v, m) => (
        <MemberRowActions
          compact={compact}
          buttons={[
            ...memberRowButtons(m, memberActions(m, ctx.callerId, ctx.rights), ctx.handlers, (a) =>
              t(`action.${a}`),
            ),
            ...(ctx.extraActions?.(m) ?? []),
          ]}
        />
      ),
    },
  ];
}

interface Props extends RowContext {
  reply: MemberListReply | undefined;
  loading: boolean;
  /** A search or a role filter is on: an empty list says no match. */
  filtered: boolean;
  page: number;
  pageSize: number;
  onPage(page: number): void;
}

/** The team's members, the main account first, with what the caller may do on each row. */
export function MemberTable({ reply, loading, filtered, page, pageSize, onPage, ...ctx }: Props) {
  const { t } = useTranslation('member');
  const { compact, callerId, rights, handlers, extraActions } = ctx;
  const { view, edit, remove } = rights;
  const columns = useMemo(
    () => memberColumns(t, { compact, callerId, rights: { view, edit, remove }, handlers, extraActions }),
    // The handlers only close over stable setters of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, compact, callerId, view, edit, remove],
  );
  return (
    <PagedTable<MemberItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={reply?.list ?? []}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: compact ? undefined : 1140 }}
      data-testid="member-table"
      locale={{ emptyText: <div className="device-no-match">{filtered ? t('noMatch') : t('empty')}</div> }}
      compact={compact}
      paging={{ page: page, pageSize: pageSize, total: reply?.total ?? 0, onChange: onPage }}
    />
  );
}
