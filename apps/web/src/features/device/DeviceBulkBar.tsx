import { Button, Space } from 'antd';
import { ApartmentOutlined, DeleteOutlined, FileTextOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ZoneBulkAction } from '../zone/index.ts';

interface Props {
  /** The selected devices (none: no bar). */
  selected: number[];
  canEdit: boolean;
  canDelete: boolean;
  onMove(): void;
  onLabels(): void;
  onTemplate(): void;
  onUnbind(): void;
  /** Clear the selection (also after the zone action). */
  onClear(): void;
}

/** Above the device table while devices are selected: their count and the bulk actions. */
export function DeviceBulkBar({ selected, canEdit, canDelete, ...on }: Props) {
  const { t } = useTranslation('device');
  if (selected.length === 0) return null;
  return (
    <div className="device-bulk" data-testid="device-bulk">
      <span className="device-bulk-count">{t('bulk.selected', { count: selected.length })}</span>
      <Space wrap size={4}>
        {canEdit ? (
          <>
            <Button size="small" icon={<ApartmentOutlined />} onClick={on.onMove}>
              {t('action.move')}
            </Button>
            <Button size="small" icon={<TagsOutlined />} onClick={on.onLabels}>
              {t('action.labels')}
            </Button>
            <Button size="small" icon={<FileTextOutlined />} onClick={on.onTemplate}>
              {t('action.template')}
            </Button>
          </>
        ) : null}
        <ZoneBulkAction ids={selected} onDone={on.onClear} />
        {canDelete ? (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={on.onUnbind}
            data-testid="bulk-unbind"
          >
            {t('action.unbind')}
          </Button>
        ) : null}
        <Button size="small" type="link" onClick={on.onClear}>
          {t('bulk.clear')}
        </Button>
      </Space>
    </div>
  );
}
