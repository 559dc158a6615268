import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceOption } from './DeviceOption.tsx';
import { useDeviceOptions } from './use-device-options.ts';

/** Tags shown before a "+N" (a fixed count: they wrap on phones, and no layout measuring is needed). */
const MAX_TAGS = 8;

/** A picked device: its name stays shown whatever the search lists. */
export interface DevicePick {
  id: number;
  name: string;
}

interface Props {
  /** Form.Item passes value and onChange. */
  value?: readonly DevicePick[];
  onChange?(picks: DevicePick[]): void;
  placeholder: string;
  disabled?: boolean;
  /** At most this many devices (the contract's limit). */
  max?: number;
  className?: string;
  testId?: string;
}

/**
 * The device select of several devices (a project's devices): name or SN searched on the server
 * (which applies the data scope), the picks as tags that keep their names while the search moves
 * on. The options look like the single device select's (DeviceSelect).
 */
export function DeviceMultiSelect({
  value = [],
  onChange,
  placeholder,
  disabled,
  max,
  className,
  testId,
}: Props) {
  const { t } = useTranslation('history');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(id);
  }, [typed]);
  const list = useDeviceOptions(search, open);

  const options = useMemo(
    () =>
      (list.data?.list ?? []).map((d) => ({
        value: d.id,
        label: d.name,
        render: <DeviceOption device={d} />,
      })),
    [list.data],
  );

  return (
    <Select<{ value: number; label: string }[]>
      mode="multiple"
      labelInValue
      className={className}
      data-testid={testId}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value.map((d) => ({ value: d.id, label: d.name }))}
      placeholder={placeholder}
      options={options}
      optionRender={(o) => o.data.render}
      loading={list.isFetching}
      onOpenChange={setOpen}
      onChange={(picked) => {
        setTyped('');
        onChange?.(picked.map((p) => ({ id: p.value, name: String(p.label) })));
      }}
      {...(max !== undefined ? { maxCount: max } : {})}
      allowClear
      maxTagCount={MAX_TAGS}
      notFoundContent={list.isFetching ? t('pick.searching') : t('pick.noDevice')}
    />
  );
}
