import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  allowedColumns,
  deviceColumnKeys,
  lockedColumns,
  type ColumnRights,
  type DeviceColumnKey,
} from './device-columns.ts';

interface Props {
  value: readonly DeviceColumnKey[];
  onChange(next: DeviceColumnKey[]): void;
  onReset(): void;
  /** Columns that need a permission the user holds (the others are not offered). */
  rights: ColumnRights;
}

/** Which columns of the device list are shown. */
export function ColumnSettings({ value, onChange, onReset, rights }: Props) {
  const { t } = useTranslation('device');
  const offered = allowedColumns(deviceColumnKeys, rights);
  const content = (
    <div className="device-columns-panel" data-testid="column-settings-panel">
      <Checkbox.Group<DeviceColumnKey>
        value={[...value]}
        onChange={(v) => onChange(offered.filter((k) => v.includes(k) || lockedColumns.has(k)))}
        options={offered.map((k) => ({
          value: k,
          label: t(`column.${k}`),
          disabled: lockedColumns.has(k),
        }))}
      />
      <Button type="link" size="small" onClick={onReset} className="device-columns-reset">
        {t('columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Tooltip title={t('columns.title')}>
        <Button icon={<SettingOutlined />} aria-label={t('columns.title')} data-testid="column-settings" />
      </Tooltip>
    </Popover>
  );
}
