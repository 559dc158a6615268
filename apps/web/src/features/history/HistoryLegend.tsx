import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, formatValue } from './history-format.ts';
import { lineColumn, seriesColor, valueAtOrBefore, type ChartData } from './history-series.ts';

/** A chosen tag as the chart and its legend show it. */
export interface LegendTag {
  id: number;
  name: string;
  unit: string;
  decimals: number;
  dataType: number;
}

interface Props {
  tags: readonly LegendTag[];
  data: ChartData | undefined;
  /** Data index under the cursor; null: show the latest value of the window. */
  cursorIdx: number | null;
  hidden: ReadonlySet<number>;
  onToggle(id: number): void;
  mode: 'light' | 'dark';
}

/** The chart's legend: colour, name and value of each tag (at the cursor, else the latest); click hides a tag. */
export function HistoryLegend({ tags, data, cursorIdx, hidden, onToggle, mode }: Props) {
  const { t } = useTranslation('history');
  const aligned = data && data.tagIds.join(',') === tags.map((tg) => tg.id).join(',') ? data : undefined;
  const xs = aligned?.columns[0] ?? [];
  const at = cursorIdx ?? xs.length - 1;
  const time = cursorIdx !== null ? xs[cursorIdx] : undefined;
  return (
    <div className="history-legend" data-testid="history-legend">
      <span className="history-legend-time">
        {time !== undefined ? formatTime(time) : aligned && xs.length ? t('chart.latest') : '\u00a0'}
      </span>
      {tags.map((tg, k) => {
        const color = seriesColor(k, mode);
        const v = aligned ? valueAtOrBefore(aligned.columns[lineColumn(k)], at) : null;
        const text = v === null ? '—' : `${formatValue(v, tg.decimals)}${tg.unit ? ` ${tg.unit}` : ''}`;
        const off = hidden.has(tg.id);
        const plottable = aligned?.plottable[k] ?? true;
        return (
          <Tooltip
            key={tg.id}
            title={plottable ? t(off ? 'chart.show' : 'chart.hide') : t('chart.notPlottable')}
          >
            <button
              type="button"
              className={`history-legend-item${off ? ' is-off' : ''}`}
              onClick={() => onToggle(tg.id)}
              aria-pressed={!off}
              data-testid="history-legend-item"
            >
              <span className="history-legend-swatch" style={{ background: color }} />
              <span className="history-legend-name">{tg.name}</span>
              <span className="history-legend-value">{plottable ? text : t('chart.textTag')}</span>
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
