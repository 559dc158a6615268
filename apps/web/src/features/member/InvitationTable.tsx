import { useMemo } from 'react';
import { Button, Tag, Tooltip, type TableProps } from 'antd';
import { CloseCircleOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { InvitationItem, InvitationListReply } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { canCancelInvitation, invitationStateTag } from './member-display.ts';
import './member.css';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

type Columns = NonNullable<TableProps<InvitationItem>['columns']>;

/** The state's tag, with the reason of a void one and the expiry of a pending one under it. */
export function InvitationState({ item }: { item: InvitationItem }) {
  const { t } = useTranslation('member');
  const tag = invitationStateTag(item);
  return (
    <div className="member-state">
      <Tag color={tag.color} variant="outlined" data-testid={`invitation-state-${item.id}`}>
        {t(`invitation.state.${tag.name}`)}
      </Tag>
      {tag.reasonKey ? <span className="list-sub member-state-note">{t(tag.reasonKey)}</span> : null}
      {tag.name === 'pending' ? (
        <span className="list-sub member-state-note">
          {t('invitation.expires', { time: formatDateTime(item.expires_at) })}
        </span>
      ) : null}
    </div>
  );
}

function AccountCell({ item, compact, t }: { item: InvitationItem; compact: boolean; t: TFunction }) {
  return (
    <div className="device-name-text">
      <span className="member-name">
        {item.channel === 'email' ? <MailOutlined /> : <MobileOutlined />} {item.account}
      </span>
      {item.invitee_name && item.invitee_name !== item.account ? (
        <span className="list-sub">{item.invitee_name}</span>
      ) : null}
      {compact ? <span className="list-sub">{item.role_name ?? t('noRole')}</span> : null}
    </div>
  );
}

function invitationColumns(
  t: TFunction,
  compact: boolean,
  canCancel: boolean,
  onCancel: (item: InvitationItem) => void,
): Columns {
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  const muted = <span className="device-muted">—</span>;
  return [
    {
      title: t('invitation.field.account'),
      key: 'account',
      width: compact ? undefined : 240,
      render: (_v, item) => <AccountCell item={item} compact={compact} t={t} />,
    },
    ...desktop([
      {
        title: t('invitation.field.role'),
        dataIndex: 'role_name',
        width: 140,
        ellipsis: true,
        render: (v: string | null) => v ?? <span className="device-muted">{t('noRole')}</span>,
      },
      { title: t('invitation.field.inviter'), dataIndex: 'inviter_name', width: 140, ellipsis: true },
      {
        title: t('invitation.field.sent'),
        dataIndex: 'created_at',
        width: 170,
        render: (v: number) => formatDateTime(v),
      },
    ]),
    {
      title: t('invitation.field.state'),
      key: 'state',
      width: compact ? 130 : 200,
      render: (_v, item) => <InvitationState item={item} />,
    },
    ...desktop([
      {
        title: t('invitation.field.decided'),
        dataIndex: 'decided_at',
        width: 170,
        render: (v: number | null) => (v === null ? muted : formatDateTime(v)),
      },
    ]),
    ...(canCancel
      ? [
          {
            key: 'actions',
            title: compact ? '' : t('invitation.field.actions'),
            fixed: compact ? undefined : ('right' as const),
            width: compact ? 48 : 120,
            align: 'right' as const,
            render: (_v: unknown, item: InvitationItem) =>
              canCancelInvitation(item) ? (
                <Tooltip title={compact ? t('invitation.cancel') : undefined}>
                  <Button
                    type={compact ? 'text' : 'link'}
                    size="small"
                    danger
                    icon={<CloseCircleOutlined />}
                    aria-label={t('invitation.cancel')}
                    onClick={() => onCancel(item)}
                    data-testid={`invitation-cancel-${item.id}`}
                  >
                    {compact ? null : t('invitation.cancel')}
                  </Button>
                </Tooltip>
              ) : null,
          },
        ]
      : []),
  ];
}

interface Props {
  reply: InvitationListReply | undefined;
  loading: boolean;
  /** A state filter is on: an empty list says none in this state. */
  filtered: boolean;
  page: number;
  pageSize: number;
  onPage(page: number): void;
  compact: boolean;
  /** Withdrawing needs invite (25). */
  canCancel: boolean;
  onCancel(item: InvitationItem): void;
}

/** The invitations the team sent, newest first, with their outcome. */
export function InvitationTable({
  reply,
  loading,
  filtered,
  page,
  pageSize,
  onPage,
  compact,
  canCancel,
  onCancel,
}: Props) {
  const { t } = useTranslation('member');
  const columns = useMemo(
    () => invitationColumns(t, compact, canCancel, onCancel),
    // onCancel only closes over stable setters of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, compact, canCancel],
  );
  return (
    <PagedTable<InvitationItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={reply?.list ?? []}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: compact ? undefined : 1080 }}
      data-testid="invitation-table"
      locale={{
        emptyText: (
          <div className="device-no-match">{filtered ? t('invitation.noMatch') : t('invitation.empty')}</div>
        ),
      }}
      compact={compact}
      paging={{ page: page, pageSize: pageSize, total: reply?.total ?? 0, onChange: onPage }}
    />
  );
}
