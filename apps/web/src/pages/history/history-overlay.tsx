import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Empty, Space } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { MenuPath } from '@hmi/domain';
import { HistoryFailure } from '../../features/history/HistoryFailure.tsx';
import { widerPresets } from '../../features/history/history-view.ts';
import type { HistoryPageState } from './use-history-page.ts';

/**
 * What covers the chart, if anything: no device, no tags, none chosen, a failure, or no data (with
 * wider ranges). A node or null, not a component: the chart only draws its overlay box for one.
 */
export function chartOverlay(s: HistoryPageState, t: TFunction<'history'>): ReactNode {
  const { params, detail, loadingTags, tags, series, chartData } = s;
  const noData = series.data && !series.isPlaceholderData && chartData && chartData.rows === 0;

  if (!params.deviceId) {
    return (
      <Empty
        image={<LineChartOutlined className="history-empty-icon" />}
        description={<span data-testid="history-empty-device">{t('empty.noDevice')}</span>}
      />
    );
  }
  if (detail && !loadingTags && tags.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span data-testid="history-empty-tags">
            {detail.template_id ? t('empty.templateNoTags') : t('empty.noTemplate')}
          </span>
        }
      >
        <Link to={detail.template_id ? MenuPath.TemplateList : MenuPath.DeviceList}>
          {detail.template_id ? t('empty.openTemplates') : t('empty.openDevices')}
        </Link>
      </Empty>
    );
  }
  if (detail && !loadingTags && s.chosen.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="history-empty-choose">{t('empty.chooseTags')}</span>}
      />
    );
  }
  if (series.isError && !series.isFetching) return <HistoryFailure error={series.error} />;
  if (!noData) return null;
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={<span data-testid="history-empty-data">{t('empty.noData')}</span>}
    >
      <Space wrap>
        {s.zoomed ? (
          <Button size="small" onClick={s.resetZoom}>
            {t('chart.reset')}
          </Button>
        ) : null}
        {widerPresets(s.range).map((p) => (
          <Button key={p} size="small" onClick={() => s.choosePreset(p)}>
            {t(`preset.${p}`)}
          </Button>
        ))}
      </Space>
    </Empty>
  );
}
