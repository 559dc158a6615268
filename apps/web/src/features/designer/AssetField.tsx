import { useState } from 'react';
import { Button, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AssetLimits, type AssetKind } from '@hmi/domain';
import { successToast, toasts } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { designerApi, designerKeys } from './designer.api.ts';
import { useAssets, useDesignerData } from './use-designer-data.ts';

/*
 * One of the project's uploaded pictures or drawings (an image widget takes any, an svg widget
 * a drawing), or a new upload: the server sanitises an SVG (no script, no event handler, nothing
 * outside the drawing) and says how much it removed; a file over AssetLimits.maxBytes is refused
 * here before it is sent.
 */

interface Props {
  value?: number;
  onChange?(id: number | undefined): void;
  kinds: readonly AssetKind[];
  testId?: string;
  /** May be left empty (a screen's background picture). */
  allowClear?: boolean;
}

const ACCEPT: Record<AssetKind, string> = {
  svg: '.svg,image/svg+xml',
  png: '.png,image/png',
  jpeg: '.jpg,.jpeg,image/jpeg',
};

export function AssetField({ value, onChange, kinds, testId, allowClear }: Props) {
  const { t } = useTranslation('designer');
  const { projectId, readOnly } = useDesignerData();
  const { assets, loading } = useAssets(projectId);
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const offered = assets.filter((a) => kinds.includes(a.kind));
  const known = value === undefined || offered.some((a) => a.id === value);

  const upload = async (file: File) => {
    if (file.size > AssetLimits.maxBytes) {
      toasts.error(t('asset.tooLarge', { mb: AssetLimits.maxBytes / 1024 / 1024 }));
      return;
    }
    setUploading(true);
    try {
      const asset = await designerApi.upload(projectId, file);
      await client.invalidateQueries({ queryKey: designerKeys.assets(projectId) });
      if (asset.removed > 0) successToast(t('asset.sanitised', { name: asset.name, count: asset.removed }));
      if (kinds.includes(asset.kind)) onChange?.(asset.id);
    } catch (e) {
      toastFailure(e);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space.Compact block>
      <Select<number>
        value={value}
        onChange={(id) => onChange?.(id)}
        allowClear={allowClear}
        loading={loading}
        disabled={readOnly}
        placeholder={t('asset.pick')}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={t('asset.none')}
        options={[
          ...offered.map((a) => ({ value: a.id, label: `${a.name} (${a.kind.toUpperCase()})` })),
          ...(known ? [] : [{ value: value!, label: t('asset.missing', { id: value }) }]),
        ]}
        data-testid={testId}
      />
      <Upload
        accept={kinds.map((k) => ACCEPT[k]).join(',')}
        showUploadList={false}
        disabled={readOnly || uploading}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button
          icon={<UploadOutlined />}
          loading={uploading}
          disabled={readOnly}
          aria-label={t('asset.upload')}
        >
          {t('asset.upload')}
        </Button>
      </Upload>
    </Space.Compact>
  );
}
