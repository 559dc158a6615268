import type { ReactNode } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { cardKindSchema, rechargeKindSchema, type CardKind, type RechargeKind } from '@hmi/domain';
import { FilterBar } from '../../shared/lists/FilterBar.tsx';
import { TimeRangeFilter } from '../../shared/lists/TimeRangeFilter.tsx';
import { activeRechargeFilters, type RechargeFilters } from './recharge-filters.ts';
import { useCardTypeName } from './use-card-types.ts';

interface Props {
  filters: RechargeFilters;
  onChange(change: Partial<RechargeFilters>): void;
  compact: boolean;
  /** Right-hand tools (export). */
  extra?: ReactNode;
}

/** Kind, card type and time of the records; on phones behind a filter button. */
export function RechargeFilterBar({ filters, onChange, compact, extra }: Props) {
  const { t } = useTranslation('billing');
  const nameOf = useCardTypeName();
  return (
    <FilterBar
      compact={compact}
      active={activeRechargeFilters(filters)}
      onReset={() => onChange({ kind: undefined, type: undefined, from: undefined, to: undefined })}
      texts={{ reset: t('filter.reset'), toggle: t('filter.title') }}
      toggleWithText
      extra={extra}
      testIds={{ toggle: 'recharge-filter-toggle', reset: 'recharge-reset' }}
    >
      <Select<RechargeKind>
        allowClear
        value={filters.kind}
        onChange={(kind) => onChange({ kind: kind ?? undefined })}
        placeholder={t('filter.allKinds')}
        options={rechargeKindSchema.options.map((k) => ({
          value: k,
          // Allocations are of TAGs (CA) and of traffic (RA).
          label: t(k === 'allocation' ? 'filter.allocations' : `record.kind.${k}`),
        }))}
        className="device-filter"
        popupMatchSelectWidth={false}
        data-testid="recharge-kind"
      />
      <Select<CardKind>
        allowClear
        value={filters.type}
        onChange={(type) => onChange({ type: type ?? undefined })}
        placeholder={t('filter.allTypes')}
        options={cardKindSchema.options.map((k) => ({ value: k, label: t(nameOf(k)) }))}
        className="device-filter"
        popupMatchSelectWidth={false}
        data-testid="recharge-type"
      />
      <TimeRangeFilter
        from={filters.from}
        to={filters.to}
        onChange={onChange}
        compact={compact}
        phoneUnit="day"
        placeholders={{
          from: t('filter.from'),
          to: t('filter.to'),
          fromPhone: t('filter.fromDay'),
          toPhone: t('filter.toDay'),
        }}
        testIds={{ range: 'recharge-range', from: 'recharge-from', to: 'recharge-to' }}
      />
    </FilterBar>
  );
}
