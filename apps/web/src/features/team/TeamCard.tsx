import { useState } from 'react';
import { Button, Card, Descriptions, Modal, Space, Tag, Typography, type ButtonProps } from 'antd';
import { LogoutOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { teamCardModel } from './team-content.ts';
import { useAfterTeamChange, useLeaveTeam } from './use-team.ts';
import './team.css';

const LEAVE_POINTS = ['plain', 'teamData', 'billing'] as const;

type TeamProfile = Pick<UserProfile, 'team_name' | 'is_main' | 'role' | 'zones'>;

/** The user's team, role and zones; a sub-account may leave the team (after a confirmation). */
export function TeamCard({ profile }: { profile: TeamProfile }) {
  const { t } = useTranslation('team');
  const model = teamCardModel(profile);
  const [open, setOpen] = useState(false);
  const leave = useLeaveTeam();
  const afterChange = useAfterTeamChange();

  const confirmLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        successToast(t('leave.done', { team: model.teamName }));
        void afterChange();
      },
      onError: toastFailure,
    });

  return (
    <Card
      title={
        <span>
          <TeamOutlined /> {t('card.title')}
        </span>
      }
      data-testid="team-card"
      extra={
        model.canLeave ? (
          <Button danger icon={<LogoutOutlined />} onClick={() => setOpen(true)} data-testid="team-leave">
            {t('leave.button')}
          </Button>
        ) : null
      }
    >
      <Descriptions column={{ xs: 1, sm: 1, md: 3 }} colon={false} size="middle">
        <Descriptions.Item label={t('card.team')}>
          <Typography.Text strong data-testid="team-card-name">
            {model.teamName}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('card.role')}>
          <span data-testid="team-card-role">
            {model.role.kind === 'owner' ? (
              <Tag color="blue">{t('card.owner')}</Tag>
            ) : model.role.kind === 'role' ? (
              <Tag>{model.role.name}</Tag>
            ) : (
              <Typography.Text type="secondary">{t('card.noRole')}</Typography.Text>
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('card.zones')}>
          <Space size={[4, 4]} wrap data-testid="team-card-zones">
            {model.zones.kind === 'all' ? (
              <Tag color="green">{t('card.allZones')}</Tag>
            ) : model.zones.kind === 'none' ? (
              <Typography.Text type="secondary">{t('card.noZone')}</Typography.Text>
            ) : (
              model.zones.names.map((name) => <Tag key={name}>{name}</Tag>)
            )}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Modal
        open={open}
        title={t('leave.title', { team: model.teamName })}
        okText={t('leave.confirm')}
        okButtonProps={
          { danger: true, loading: leave.isPending, 'data-testid': 'team-leave-confirm' } as ButtonProps
        }
        cancelText={t('common:cancel')}
        onOk={confirmLeave}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('leave.intro')}</p>
        <ul className="team-points" data-testid="team-leave-points">
          {LEAVE_POINTS.map((k) => (
            <li key={k}>{t(`leave.points.${k}`)}</li>
          ))}
        </ul>
      </Modal>
    </Card>
  );
}
