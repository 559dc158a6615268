import { Button, Space, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { durationParts, formatTime } from './history-format.ts';
import { panBy, zoomOut, type TimeRange } from './history-range.ts';

interface Props {
  /** The visible window, and the chosen range it moves in. */
  view: TimeRange;
  range: TimeRange;
  /** Bucket of the series drawn (ms; 1 = every sample), when one is. */
  bucketMs: number | undefined;
  compact: boolean;
  onView(view: TimeRange): void;
  onReset(): void;
}

/** Above the chart: the visible window and what a point stands for; pan, zoom out, show the whole range. */
export function HistoryChartBar({ view, range, bucketMs, compact, onView, onReset }: Props) {
  const { t } = useTranslation('history');
  const zoomed = view.from !== range.from || view.to !== range.to;
  const bucket = bucketMs !== undefined ? durationParts(bucketMs) : undefined;
  return (
    <div className="history-chart-bar">
      <div className="history-window">
        <span className="history-mono" data-testid="history-window">
          {formatTime(view.from)} → {formatTime(view.to)}
        </span>
        {bucket ? (
          <Typography.Text type="secondary" className="history-bucket">
            {bucketMs !== undefined && bucketMs > 1
              ? t('chart.bucket', { count: bucket.count, unit: t(`unit.${bucket.unit}`) })
              : t('chart.rawPoints')}
          </Typography.Text>
        ) : null}
      </div>
      <Space size={4} wrap>
        {!compact ? (
          <Typography.Text type="secondary" className="history-hint">
            {t('chart.hint')}
          </Typography.Text>
        ) : null}
        <Tooltip title={t('chart.panLeft')}>
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('chart.panLeft')}
            disabled={!zoomed || view.from <= range.from}
            onClick={() => onView(panBy(view, -0.5, range))}
          />
        </Tooltip>
        <Tooltip title={t('chart.zoomOut')}>
          <Button
            size="small"
            icon={<ZoomOutOutlined />}
            aria-label={t('chart.zoomOut')}
            disabled={!zoomed}
            onClick={() => onView(zoomOut(view, 2, range))}
          />
        </Tooltip>
        <Tooltip title={t('chart.panRight')}>
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('chart.panRight')}
            disabled={!zoomed || view.to >= range.to}
            onClick={() => onView(panBy(view, 0.5, range))}
          />
        </Tooltip>
        {zoomed ? (
          <Button size="small" type="link" onClick={onReset} data-testid="history-reset-zoom">
            {t('chart.reset')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
