import { Alert } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MenuPath, Perm, type DeviceTagQuota } from '@hmi/domain';
import { billingApi, billingKeys } from './billing.api.ts';
import { useBillingAccess } from './use-billing-access.ts';

/** What the device page warns about, from the device's TAG quota (null: nothing). */
export function deviceQuotaWarning(q: DeviceTagQuota): 'locked' | 'template' | 'points' | null {
  if (q.template_locked) return 'locked';
  if (q.template_tags > q.tag_limit) return 'template';
  if (q.tag_count > q.tag_limit) return 'points';
  return null;
}

/**
 * The device page's billing warning (docs/api.md, Billing, TAG enforcement): the device's
 * template is locked (nothing new is collected), or it has more TAGs than the device may collect
 * (SPEC: the device TAG count must be at least the template TAG count for all template TAGs to
 * work), with the way to My account when the reader may go there. Nothing in region cn.
 */
export function DeviceQuotaAlert({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('billing');
  const can = useBillingAccess();
  const quota = useQuery({
    queryKey: billingKeys.deviceTags(deviceId),
    queryFn: ({ signal }) => billingApi.deviceTags(deviceId, signal),
    enabled: can(Perm.DeviceView),
    staleTime: 15_000,
  });
  const q = quota.data;
  const warning = q && q.device_id === deviceId ? deviceQuotaWarning(q) : null;
  if (!q || warning === null) return null;
  const params = {
    template: q.template_tags,
    count: q.tag_count,
    limit: q.tag_limit,
    over: q.tag_count - q.tag_limit,
  };
  return (
    <Alert
      type={warning === 'locked' ? 'error' : 'warning'}
      showIcon
      className="devpage-quota"
      data-testid="devpage-quota-warning"
      data-kind={warning}
      title={t(`deviceQuota.${warning}.title`, params)}
      description={
        <>
          {t(`deviceQuota.${warning}.body`, params)}{' '}
          {can(Perm.AccountView) ? (
            <Link to={MenuPath.MyAccount} data-testid="devpage-quota-account">
              {t('deviceQuota.account')}
            </Link>
          ) : null}
        </>
      }
    />
  );
}
