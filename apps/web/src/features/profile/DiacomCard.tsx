import { Card, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@hmi/domain';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useSetDiacom } from './use-profile-mutations.ts';

/** getUserInfo carries the DIACom switch as `diacom` 0/1 (remote access contract). */
type ProfileWithDiacom = UserProfile & { diacom?: number };

/** SPEC section 1: the DIACom switch shows the user's permitted devices in the companion app. */
export function DiacomCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const set = useSetDiacom();
  const on = (profile as ProfileWithDiacom).diacom === 1;
  return (
    <Card title={t('diacom.title')} data-testid="diacom-card">
      <div className="profile-diacom">
        <Typography.Text type="secondary">{t('diacom.text')}</Typography.Text>
        <Switch
          checked={set.isPending ? set.variables : on}
          loading={set.isPending}
          onChange={(enabled) =>
            set.mutate(enabled, {
              onSuccess: () => successToast(enabled ? t('diacom.on') : t('diacom.off')),
              onError: toastFailure,
            })
          }
          aria-label={t('diacom.title')}
          data-testid="diacom-switch"
        />
      </div>
    </Card>
  );
}
