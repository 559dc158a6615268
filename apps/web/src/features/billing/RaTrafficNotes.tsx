import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingCard } from '@hmi/domain';
import { hasActiveRaCard, type MonthRow } from './traffic-display.ts';

interface Props {
  cards: readonly BillingCard[] | undefined;
  /** The devices whose 12G prompt asks for an answer. */
  asking: readonly MonthRow[];
  /** ra-charge 20: the "activate" hint leads to the dialog. */
  canActivate: boolean;
  onActivate(): void;
}

/** Above the RA traffic list: no active RA card (with the activate hint), devices asking about 12G. */
export function RaTrafficNotes({ cards, asking, canActivate, onActivate }: Props) {
  const { t } = useTranslation('billing');
  return (
    <>
      {!hasActiveRaCard(cards) ? (
        <Alert
          type="info"
          showIcon
          className="billing-note"
          title={t('traffic.noCard')}
          action={
            canActivate ? (
              <Button size="small" type="primary" onClick={onActivate} data-testid="ra-activate-hint">
                {t('account.activate.ra')}
              </Button>
            ) : undefined
          }
          data-testid="ra-no-card"
        />
      ) : null}
      {asking.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="billing-note"
          title={t('traffic.prompt.alert', {
            count: asking.length,
            names: asking.map((r) => r.name).join(', '),
          })}
          data-testid="ra-12g-alert"
        />
      ) : null}
    </>
  );
}
