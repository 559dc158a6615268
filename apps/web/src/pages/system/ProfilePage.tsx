import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { sessionRegion } from '../../shared/session/session-region.ts';
import { AccountDetailsCard } from '../../features/profile/AccountDetailsCard.tsx';
import { ChangePasswordCard } from '../../features/profile/ChangePasswordCard.tsx';
import { DataCentersCard } from '../../features/profile/DataCentersCard.tsx';
import { CloseAccountCard } from '../../features/profile/CloseAccountCard.tsx';
import { NotificationsCard } from '../../features/profile/NotificationsCard.tsx';
import { DiacomCard } from '../../features/profile/DiacomCard.tsx';
import { ApiKeysCard } from '../../features/profile/ApiKeysCard.tsx';
import { TeamCard, TeamInvitationsCard } from '../../features/team/index.ts';
import '../../features/profile/profile.css';
import '../../features/account/account.css';

/** /system/profile: the personal centre. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { data: profile } = useUserInfo();
  if (!profile) return null;
  return (
    <div className="profile-page" data-testid="profile-page">
      <h1 className="profile-heading">{t('heading')}</h1>
      <TeamInvitationsCard pendingOnly />
      <AccountDetailsCard profile={profile} />
      <TeamCard profile={profile} />
      <NotificationsCard />
      <DiacomCard profile={profile} />
      <ApiKeysCard profile={profile} />
      <div className="profile-grid">
        <ChangePasswordCard />
        <div className="profile-page">
          <DataCentersCard profile={profile} />
          <CloseAccountCard profile={profile} region={sessionRegion(profile)} />
        </div>
      </div>
    </div>
  );
}
