import { useTranslation } from 'react-i18next';
import type { RechargeRecordItem } from '@hmi/domain';
import { recordDetailParts } from './record-detail.ts';

/** A record's detail, one readable line per fact. */
export function RecordDetail({ record }: { record: RechargeRecordItem }) {
  const { t } = useTranslation('billing');
  const parts = recordDetailParts(record);
  if (parts.length === 0) return <span className="device-muted">-</span>;
  return (
    <div className="billing-lines" data-testid="record-detail">
      {parts.map((p, i) => (
        <span key={i}>{t(p.key, p.params)}</span>
      ))}
    </div>
  );
}
