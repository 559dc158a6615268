import { Button, Card, Space, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HistoryLimits } from '@hmi/domain';
import { HistoryFailure } from '../../features/history/HistoryFailure.tsx';
import { HistoryRawTable } from '../../features/history/HistoryRawTable.tsx';
import { utcLabel } from '../../features/history/history-format.ts';
import type { HistoryPageState } from './use-history-page.ts';

interface Props {
  s: HistoryPageState;
  compact: boolean;
  mode: 'light' | 'dark';
  tzHours: number;
}

/** The raw values of the view, page by page, with the xlsx and csv exports of the view. */
export function HistoryRawCard({ s, compact, mode, tzHours }: Props) {
  const { t } = useTranslation('history');
  const { scope, exporter, raw, tooManyForXlsx } = s;
  return (
    <Card
      className="history-card"
      title={t('raw.title')}
      styles={{ body: { padding: compact ? 8 : 16 } }}
      extra={
        <Space size={8}>
          <Tooltip
            title={
              tooManyForXlsx
                ? t('export.xlsxTooMany', { max: HistoryLimits.xlsxRowsMax })
                : t('export.xlsxHint', { tz: utcLabel(tzHours) })
            }
          >
            <Button
              size="small"
              icon={<DownloadOutlined />}
              disabled={!scope || tooManyForXlsx || exporter.busy !== null}
              loading={exporter.busy === 'xlsx'}
              onClick={() => s.doExport('xlsx')}
              data-testid="history-export-xlsx"
            >
              {t('export.xlsx')}
            </Button>
          </Tooltip>
          <Tooltip title={t('export.csvHint')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              disabled={!scope || exporter.busy !== null}
              loading={exporter.busy === 'csv'}
              onClick={() => s.doExport('csv')}
              data-testid="history-export-csv"
            >
              {t('export.csv')}
            </Button>
          </Tooltip>
        </Space>
      }
    >
      {exporter.failure ? (
        <div className="history-alert">
          <HistoryFailure error={exporter.failure} onClose={exporter.clearFailure} />
        </div>
      ) : null}
      {raw.isError && !raw.isFetching ? (
        <div className="history-alert">
          <HistoryFailure error={raw.error} />
        </div>
      ) : null}
      <HistoryRawTable
        reply={scope ? raw.data : undefined}
        loading={scope !== undefined && raw.isFetching}
        tags={s.chosen}
        page={s.rawPage}
        onPage={s.setRawPage}
        compact={compact}
        mode={mode}
        empty={
          <span className="history-raw-empty" data-testid="history-raw-empty">
            {scope ? t('raw.empty') : t('raw.chooseFirst')}
          </span>
        }
      />
    </Card>
  );
}
