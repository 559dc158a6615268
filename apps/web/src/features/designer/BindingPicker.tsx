import { useState } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { tagDataTypeName, type ScreenTagRef } from '@hmi/domain';
import { useDesignerData, useDeviceTags } from './use-designer-data.ts';

/*
 * Picks one tag of one of the project's devices: a device select and a tag select, each
 * searched by name as the user types (the tags are the device's template tags, then its monitor
 * points, with their type and unit). A screen binds only its project's devices (the server
 * refuses others, 1089); a device the user may not see is shown by its id and cannot be chosen
 * anew. A device chosen without a tag yet is held here (a binding names both); clearing the
 * device clears the binding.
 */

interface Props {
  value?: ScreenTagRef;
  /** Form.Item gives value and onChange when the picker is a form field. */
  onChange?(ref: ScreenTagRef | undefined): void;
  /** Prefix of the two selects' test ids (`<testId>-device`, `<testId>-tag`). */
  testId: string;
  disabled?: boolean;
}

export function BindingPicker({ value, onChange, testId, disabled }: Props) {
  const { t } = useTranslation('designer');
  const { devices, readOnly } = useDesignerData();
  const [pending, setPending] = useState<number | undefined>(undefined);
  const deviceId = pending ?? value?.deviceId;
  const tagId = pending === undefined ? value?.tagId : undefined;
  const { tags, loading, failed } = useDeviceTags(deviceId);
  const known = deviceId === undefined || devices.some((d) => d.id === deviceId);
  const deviceOptions = [
    ...devices.map((d) => ({
      value: d.id,
      label: d.visible ? d.name : t('binding.hiddenDevice', { id: d.id }),
      disabled: !d.visible,
    })),
    ...(known
      ? []
      : [{ value: deviceId!, label: t('binding.foreignDevice', { id: deviceId }), disabled: true }]),
  ];
  const tagKnown = tagId === undefined || loading || tags.some((tg) => tg.id === tagId);
  const tagOptions = [
    ...tags.map((tg) => ({
      value: tg.id,
      label: tg.name,
      meta: `${tagDataTypeName(tg.data_type) ?? ''}${tg.unit ? ` · ${tg.unit}` : ''}`,
    })),
    ...(tagKnown ? [] : [{ value: tagId, label: t('binding.missingTag', { id: tagId }), meta: '' }]),
  ];
  const off = disabled || readOnly;
  return (
    <Space.Compact block className="designer-binding">
      <Select<number>
        className="designer-binding-device"
        value={deviceId}
        placeholder={t('binding.device')}
        options={deviceOptions}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        disabled={off}
        notFoundContent={t('binding.noDevices')}
        onChange={(id) => {
          setPending(id === value?.deviceId ? undefined : id);
          if (id === undefined) onChange?.(undefined);
        }}
        data-testid={`${testId}-device`}
        aria-label={t('binding.device')}
      />
      <Select<number>
        className="designer-binding-tag"
        value={tagId}
        placeholder={failed ? t('binding.tagsFailed') : t('binding.tag')}
        options={tagOptions}
        loading={loading}
        showSearch={{ optionFilterProp: 'label' }}
        disabled={off || deviceId === undefined}
        notFoundContent={t('binding.noTags')}
        onChange={(id) => {
          if (deviceId === undefined) return;
          setPending(undefined);
          onChange?.({ deviceId, tagId: id });
        }}
        optionRender={(o) => (
          <span className="designer-tag-option">
            <span>{o.data.label}</span>
            <span className="designer-tag-meta">{o.data.meta}</span>
          </span>
        )}
        popupMatchSelectWidth={false}
        data-testid={`${testId}-tag`}
        aria-label={t('binding.tag')}
      />
    </Space.Compact>
  );
}
