import { Button, Card, DatePicker, Segmented, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DeviceSelect } from '../../shared/devices/DeviceSelect.tsx';
import { TagPicker } from '../../features/history/TagPicker.tsx';
import { rangePresets, type RangePreset } from '../../features/history/history-range.ts';
import type { HistoryPageState } from './use-history-page.ts';

/** The query: device and tags, then the range (presets, custom dates) and refresh. */
export function HistoryControls({ s, compact }: { s: HistoryPageState; compact: boolean }) {
  const { t } = useTranslation('history');
  const { params, tags, range } = s;
  return (
    <Card className="history-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
      <div className="history-controls">
        <DeviceSelect
          className="history-device-select"
          value={params.deviceId}
          current={s.detail}
          onChange={s.chooseDevice}
        />
        <TagPicker
          className="history-tag-select"
          tags={tags}
          value={s.chosen.map((c) => c.id)}
          onChange={(ids) => s.update({ tagIds: ids })}
          loading={s.loadingTags}
          disabled={!params.deviceId || tags.length === 0}
        />
      </div>
      <div className="history-controls">
        <Segmented<RangePreset | 'custom'>
          data-testid="history-presets"
          className="history-presets"
          block={compact}
          value={s.preset ?? 'custom'}
          options={[
            ...rangePresets.map((p) => ({
              value: p,
              label: t(`presetShort.${p}`),
              title: t(`preset.${p}`),
            })),
            { value: 'custom' as const, label: t('presetShort.custom'), title: t('preset.custom') },
          ]}
          onChange={(v) => {
            if (v !== 'custom') s.choosePreset(v);
            else s.update({ preset: undefined, auto: undefined, custom: range });
          }}
        />
        <DatePicker.RangePicker
          className="history-range-picker"
          data-testid="history-range"
          showTime={{ format: 'HH:mm' }}
          format={compact ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm'}
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={s.chooseCustom}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          inputReadOnly={compact}
        />
        <Tooltip title={t('refresh')}>
          <Button
            icon={<ReloadOutlined />}
            onClick={s.refresh}
            aria-label={t('refresh')}
            data-testid="history-refresh"
          />
        </Tooltip>
      </div>
    </Card>
  );
}
