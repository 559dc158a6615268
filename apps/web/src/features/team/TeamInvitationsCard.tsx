import { useState } from 'react';
import { Badge, Button, Card, Modal, Space, Tag, Typography, type ButtonProps } from 'antd';
import { CheckOutlined, CloseOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InvitationCheckReply, MyInvitationItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { InvitationConfirmDialog } from './InvitationConfirmDialog.tsx';
import {
  useAfterTeamChange,
  useCheckInvitation,
  useConfirmInvitation,
  useMyInvitations,
} from './use-team.ts';
import './team.css';

const SHOWN = 3;
/** InvitationOutcome 0-4: the state's text key and tag colour. */
const STATES = [
  ['pending', 'processing'],
  ['accepted', 'success'],
  ['rejected', 'default'],
  ['cancelled', 'default'],
  ['voided', 'warning'],
] as const;

/**
 * The invitee's team invitations, each with the message of its state; pending ones can be
 * accepted (after the server's check, in a dialog saying what it means) or rejected. Renders
 * nothing when there is none: `pendingOnly` (the profile) lists the pending ones only.
 */
export function TeamInvitationsCard({ pendingOnly = false }: { pendingOnly?: boolean }) {
  const { t } = useTranslation('team');
  const list = useMyInvitations(
    pendingOnly ? { state: 0, page: 1, page_size: 20 } : { page: 1, page_size: 20 },
  );
  const check = useCheckInvitation();
  const confirm = useConfirmInvitation();
  const afterChange = useAfterTeamChange();
  const [checked, setChecked] = useState<InvitationCheckReply>();
  const [expanded, setExpanded] = useState(false);
  const [modal, holder] = Modal.useModal();

  const reply = list.data;
  if (!reply || reply.list.length === 0 || (pendingOnly && reply.pending === 0)) return holder;
  const items = expanded ? reply.list : reply.list.slice(0, SHOWN);

  const accept = (item: MyInvitationItem) =>
    check.mutate(item.id, { onSuccess: setChecked, onError: toastFailure });

  const join = () => {
    if (!checked) return;
    confirm.mutate(
      { id: checked.invitation.id, accept: true },
      {
        onSuccess: (r) => {
          setChecked(undefined);
          successToast(t('joined', { team: r.team_name }));
          void afterChange();
        },
        onError: (e) => {
          setChecked(undefined);
          toastFailure(e);
        },
      },
    );
  };

  const reject = (item: MyInvitationItem) =>
    void modal.confirm({
      title: t('reject.title', { team: item.team_name }),
      content: t('reject.text', { inviter: item.inviter_name }),
      okText: t('reject.ok'),
      okButtonProps: { danger: true, 'data-testid': 'invitation-reject-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () =>
        confirm
          .mutateAsync({ id: item.id, accept: false })
          .then(() => successToast(t('reject.done')))
          .catch(toastFailure),
    });

  return (
    <Card
      className="device-card"
      data-testid="team-invitations"
      title={
        <Space size={8}>
          <MailOutlined />
          {t('invitations.title')}
          {reply.pending > 0 ? (
            <Badge count={t('invitations.pending', { count: reply.pending })} color="blue" />
          ) : null}
        </Space>
      }
    >
      {items.map((item) => (
        <div key={item.id} className="team-invitation" data-testid={`invitation-${item.id}`}>
          <div className="team-invitation-text">
            <div className="team-invitation-title">
              <span>{item.title}</span>
              <Tag color={STATES[item.state][1]}>{t(`invitations.state.${STATES[item.state][0]}`)}</Tag>
            </div>
            <Typography.Paragraph className="team-invitation-body">{item.body}</Typography.Paragraph>
            <Typography.Text type="secondary" className="team-invitation-meta">
              {[
                t('invitations.from', { inviter: item.inviter_name, team: item.team_name }),
                item.role_name ? t('invitations.role', { role: item.role_name }) : null,
                item.state === 0
                  ? t('invitations.expires', { time: formatDateTime(item.expires_at) })
                  : formatDateTime(item.decided_at ?? item.created_at),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </div>
          {item.state === 0 ? (
            <Space size={8} className="team-invitation-actions">
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={check.isPending && check.variables === item.id}
                onClick={() => accept(item)}
                data-testid={`invitation-accept-${item.id}`}
              >
                {t('invitations.accept')}
              </Button>
              <Button
                icon={<CloseOutlined />}
                onClick={() => reject(item)}
                data-testid={`invitation-reject-${item.id}`}
              >
                {t('invitations.reject')}
              </Button>
            </Space>
          ) : null}
        </div>
      ))}
      {reply.list.length > SHOWN ? (
        <Button type="link" onClick={() => setExpanded((v) => !v)} data-testid="invitations-more">
          {expanded ? t('invitations.less') : t('invitations.more', { count: reply.list.length })}
        </Button>
      ) : null}
      <InvitationConfirmDialog
        check={checked}
        confirming={confirm.isPending}
        onOk={join}
        onCancel={() => setChecked(undefined)}
      />
      {holder}
    </Card>
  );
}
