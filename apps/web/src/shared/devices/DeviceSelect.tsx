import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@hmi/domain';
import { DeviceOption } from './DeviceOption.tsx';
import { useDeviceOptions } from './use-device-options.ts';

interface Props {
  value: number | undefined;
  /** The chosen device's detail, so its name shows before the list has loaded. */
  current: DeviceDetail | undefined;
  onChange(id: number | undefined): void;
  className?: string;
  /** Default 'history-device'. */
  testId?: string;
}

/** Searchable device select: name or SN, searched on the server (which applies the data scope). */
export function DeviceSelect({ value, current, onChange, className, testId = 'history-device' }: Props) {
  const { t } = useTranslation('history');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(id);
  }, [typed]);
  const list = useDeviceOptions(search, open || value === undefined);

  const options = useMemo(() => {
    const rows = list.data?.list ?? [];
    const all = current && !rows.some((d) => d.id === current.id) ? [current, ...rows] : rows;
    return all.map((d) => ({
      value: d.id,
      label: d.name,
      search: `${d.name} ${d.sn}`,
      render: <DeviceOption device={d} />,
    }));
  }, [list.data, current]);

  return (
    <Select<number>
      className={className}
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      placeholder={t('pick.device')}
      options={options}
      optionRender={(o) => o.data.render}
      loading={list.isFetching}
      onOpenChange={setOpen}
      onChange={(id) => {
        setTyped('');
        onChange(id);
      }}
      allowClear
      onClear={() => onChange(undefined)}
      notFoundContent={list.isFetching ? t('pick.searching') : t('pick.noDevice')}
      popupMatchSelectWidth={false}
    />
  );
}
