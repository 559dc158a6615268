import { Card, Grid, Result, Typography } from 'antd';
import { Perm } from '@hmi/domain';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../shared/preferences/theme-mode-context.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { HistoryChart } from '../../features/history/HistoryChart.tsx';
import { HistoryChartBar } from '../../features/history/HistoryChartBar.tsx';
import { utcLabel } from '../../features/history/history-format.ts';
import { timezoneOffsetHours, zoomTo } from '../../features/history/history-range.ts';
import { HistoryControls } from './HistoryControls.tsx';
import { chartOverlay } from './history-overlay.tsx';
import { HistoryRawCard } from './HistoryRawCard.tsx';
import { useHistoryPage } from './use-history-page.ts';
import '../../features/history/history.css';

/**
 * History data: a device, up to 10 of its tags and a time range; a chart of the downsampled
 * series with zoom and pan, the raw values below, and export of the visible window.
 */
export function HistoryPage() {
  const { t } = useTranslation('history');
  // Every history call needs device view (2): without it, no page of failing calls.
  if (!usePermission()(Perm.DeviceView)) return <Result status="403" title={t('errors:1002')} />;
  return <HistoryView />;
}

function HistoryView() {
  const { t } = useTranslation('history');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const { mode } = useThemeMode();
  const s = useHistoryPage();
  const { range, view, scope, series } = s;
  const tzHours = timezoneOffsetHours();

  return (
    <div className="history-page" data-testid="history-page">
      <div className="history-head">
        <div>
          <h1 className="history-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="history-sub">
            {t('timezone', { tz: utcLabel(tzHours) })}
          </Typography.Text>
        </div>
      </div>

      <HistoryControls s={s} compact={compact} />

      <Card className="history-card" styles={{ body: { padding: compact ? 8 : 16 } }}>
        <HistoryChartBar
          view={view}
          range={range}
          bucketMs={scope && series.data ? series.data.bucket_ms : undefined}
          compact={compact}
          onView={s.setView}
          onReset={s.resetZoom}
        />
        <HistoryChart
          data={s.chartData}
          tags={s.chosen}
          view={view}
          height={compact ? 240 : 340}
          compact={compact}
          loading={series.isFetching || s.fitting}
          onZoom={(sel) => s.setView(zoomTo(sel, range))}
          onPan={(next) => s.setView(zoomTo(next, range))}
          onPlotWidth={s.setPlotPx}
          overlay={chartOverlay(s, t)}
        />
      </Card>

      <HistoryRawCard s={s} compact={compact} mode={mode} tzHours={tzHours} />
    </div>
  );
}
