import { useState } from 'react';
import { Alert, Button, Card, Grid, Result, Typography } from 'antd';
import { CloudOutlined, ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type CardKind } from '@hmi/domain';
import { useBillingAccess } from '../../features/billing/use-billing-access.ts';
import { useMyAccount } from '../../features/billing/use-billing.ts';
import { QuotaSummary } from '../../features/billing/QuotaSummary.tsx';
import { CardTable } from '../../features/billing/CardTable.tsx';
import { TagAllocationSection } from '../../features/billing/TagAllocationSection.tsx';
import { ActivateCardDialog } from '../../features/billing/ActivateCardDialog.tsx';
import { RaTrafficSection } from '../../features/billing/RaTrafficSection.tsx';
import '../../shared/styles/page-list.css';
import '../../features/billing/billing.css';

/**
 * /billing/myAccount: quotas, the team's cards, card activation (18, 20), TAG allocation (19) and
 * Remote Access traffic per device and month (allocation and the month switch: 21).
 */
export function MyAccountPage() {
  const { t } = useTranslation('billing');
  const compact = Grid.useBreakpoint().md === false;
  const can = useBillingAccess();
  const allowed = can(Perm.AccountView);
  const account = useMyAccount(allowed);
  const [activating, setActivating] = useState<CardKind>();

  if (!allowed) return <Result status="403" title={t('errors:1002')} />;
  const activate = (type: CardKind, testId: string, icon: React.ReactNode, primary: boolean) => (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={icon}
      onClick={() => setActivating(type)}
      data-testid={testId}
    >
      {t(`account.activate.${type}`)}
    </Button>
  );

  return (
    <div className="device-page" data-testid="my-account-page">
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('account.title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {t('account.subtitle')}
          </Typography.Text>
        </div>
        <div className="billing-actions">
          {can(Perm.AccountCaCharge) ? activate('ca', 'activate-ca', <CloudOutlined />, true) : null}
          {can(Perm.AccountRaCharge) ? activate('ra', 'activate-ra', <ApiOutlined />, false) : null}
        </div>
      </div>
      {account.isError && !account.data ? (
        <Alert type="error" showIcon title={t('account.loadFailed')} />
      ) : null}
      {account.data ? <QuotaSummary account={account.data} /> : null}
      <Card className="device-card" title={t('card.title')} styles={{ body: { padding: compact ? 8 : 16 } }}>
        <CardTable
          cards={account.data?.cards}
          loading={account.isPending && !account.isError}
          compact={compact}
        />
      </Card>
      <TagAllocationSection
        canAllocate={can(Perm.AccountCaAllocate)}
        cards={account.data?.cards}
        compact={compact}
      />
      <RaTrafficSection
        canAllocate={can(Perm.AccountRaAllocate)}
        canActivate={can(Perm.AccountRaCharge)}
        cards={account.data?.cards}
        compact={compact}
        onActivate={() => setActivating('ra')}
      />
      <ActivateCardDialog
        type={activating}
        onClose={() => setActivating(undefined)}
        onSwitch={(type) =>
          setActivating(can(type === 'ca' ? Perm.AccountCaCharge : Perm.AccountRaCharge) ? type : undefined)
        }
        canSwitch={(type) => can(type === 'ca' ? Perm.AccountCaCharge : Perm.AccountRaCharge)}
      />
    </div>
  );
}
