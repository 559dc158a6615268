import { ConfigProvider, DatePicker, type ThemeConfig } from 'antd';
import dayjs from 'dayjs';
import { timeBound } from './filter-state.ts';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
// The theme's 48 px day cells make a calendar wider than 375 px.
const PHONE_PICKER: ThemeConfig = { components: { DatePicker: { cellWidth: 38 } } };

export interface TimeRange {
  from?: number | undefined;
  to?: number | undefined;
}

interface Props extends TimeRange {
  /** Called with the bound(s) that changed. */
  onChange(change: TimeRange): void;
  /** Phones: two single pickers instead of one range picker. */
  compact: boolean;
  /** What phones pick: minutes, or whole days (read-only inputs, narrower day cells). */
  phoneUnit: 'minute' | 'day';
  /** Round the range picker's bounds to their minute (else as picked). */
  roundMinutes?: boolean;
  placeholders: { from: string; to: string; fromPhone?: string; toPhone?: string };
  className?: string;
  phoneClassName?: string;
  testIds: { range: string; from: string; to: string };
}

const at = (ms: number | undefined) => (ms === undefined ? null : dayjs(ms));

/** The time range of a list's filters: a range picker, or two pickers on phones. */
export function TimeRangeFilter(p: Props) {
  if (!p.compact) {
    const unit = p.roundMinutes ? 'minute' : undefined;
    return (
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format={TIME_FORMAT}
        allowEmpty={[true, true]}
        value={[at(p.from), at(p.to)]}
        onChange={(v) =>
          p.onChange({ from: timeBound(v?.[0], 'start', unit), to: timeBound(v?.[1], 'end', unit) })
        }
        placeholder={[p.placeholders.from, p.placeholders.to]}
        className={p.className}
        data-testid={p.testIds.range}
      />
    );
  }
  const days = p.phoneUnit === 'day';
  const single = (edge: 'start' | 'end') => (
    <DatePicker
      {...(days ? { inputReadOnly: true } : { showTime: { format: 'HH:mm' }, format: TIME_FORMAT })}
      value={at(edge === 'start' ? p.from : p.to)}
      onChange={(d) =>
        p.onChange(
          edge === 'start'
            ? { from: timeBound(d, 'start', p.phoneUnit) }
            : { to: timeBound(d, 'end', p.phoneUnit) },
        )
      }
      placeholder={
        edge === 'start'
          ? (p.placeholders.fromPhone ?? p.placeholders.from)
          : (p.placeholders.toPhone ?? p.placeholders.to)
      }
      className={p.phoneClassName}
      data-testid={edge === 'start' ? p.testIds.from : p.testIds.to}
    />
  );
  const pickers = (
    <>
      {single('start')}
      {single('end')}
    </>
  );
  return days ? <ConfigProvider theme={PHONE_PICKER}>{pickers}</ConfigProvider> : pickers;
}
