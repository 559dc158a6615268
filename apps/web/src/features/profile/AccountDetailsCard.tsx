import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { UserProfile } from '@hmi/domain';
import { useEditUserInfo } from './use-profile-mutations.ts';

/** Who the user is: names, contact, team, role, data centers; team name editable by the main account. */
export function AccountDetailsCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const edit = useEditUserInfo();
  const centers = profile.data_center.split(',').filter(Boolean);
  return (
    <Card title={t('details.title')} data-testid="profile-details">
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} colon={false} size="middle">
        <Descriptions.Item label={t('details.name')}>{profile.name}</Descriptions.Item>
        <Descriptions.Item label={t('details.role')}>
          <Tag color={profile.is_main ? 'blue' : 'default'}>
            {t(profile.is_main ? 'details.main' : 'details.sub')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('details.contact')}>
          {profile.contact || t('details.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.team')}>
          {profile.is_main ? (
            <Typography.Text
              data-testid="team-name"
              editable={{
                tooltip: t('details.editTeam'),
                maxLength: 64,
                onChange: (value) => {
                  const next = value.trim();
                  if (next && next !== profile.team_name) edit.mutate({ team_name: next });
                },
              }}
            >
              {profile.team_name}
            </Typography.Text>
          ) : (
            profile.team_name
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.dataCenters')}>
          {centers.map((c) => (
            <Tag key={c}>{t(`common:region.${c}`, { defaultValue: c })}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.createdAt')}>
          {dayjs(profile.created_at).format('YYYY-MM-DD')}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
