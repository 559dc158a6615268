import { Alert, Modal, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvitationCheckReply } from '@hmi/domain';
import { invitationConfirmModel } from './team-content.ts';

interface Props {
  /** The server's check of the invitation; the dialog is open while it is set. */
  check: InvitationCheckReply | undefined;
  confirming: boolean;
  onOk(): void;
  onCancel(): void;
}

/**
 * What accepting an invitation means, before the invitee confirms: the team and role, what the
 * role lets them do (permission groups), the invitations it voids, billing; blockers disable OK.
 */
export function InvitationConfirmDialog({ check, confirming, onOk, onCancel }: Props) {
  const { t, i18n } = useTranslation('team');
  const model = check ? invitationConfirmModel(i18n, check) : undefined;
  return (
    <Modal
      open={Boolean(model)}
      title={model ? t('confirm.title', { team: model.teamName }) : null}
      okText={t('confirm.ok')}
      okButtonProps={
        {
          disabled: !model?.canAccept,
          loading: confirming,
          'data-testid': 'invitation-confirm-ok',
        } as ButtonProps
      }
      cancelText={t('common:cancel')}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      {model ? (
        <div data-testid="invitation-confirm-dialog">
          <Typography.Paragraph>
            {t('confirm.intro', { team: model.teamName, role: model.roleName ?? t('confirm.noRole') })}
          </Typography.Paragraph>
          {model.blockers.length > 0 ? (
            <Alert
              type="error"
              showIcon
              title={t('confirm.blockedTitle')}
              description={
                <ul className="team-points" data-testid="invitation-blockers">
                  {model.blockers.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <div className="team-confirm-section">
            {model.groups.length > 0 ? t('confirm.can') : t('confirm.canNothing')}
          </div>
          {model.groups.length > 0 ? (
            <div className="team-confirm-groups" data-testid="invitation-groups">
              {model.groups.map((g) => (
                <Tag key={g}>{t(`group.${g}`)}</Tag>
              ))}
            </div>
          ) : null}
          <ul className="team-points team-confirm-section" data-testid="invitation-consequences">
            {model.leavesOwnTeam ? <li>{t('confirm.ownTeam')}</li> : null}
            {model.voids > 0 ? <li>{t('confirm.voids', { count: model.voids })}</li> : null}
            <li>{t('confirm.billing')}</li>
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
