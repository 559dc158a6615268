import { useQuery } from '@tanstack/react-query';
import { deviceApi } from '../device/index.ts';
import { DevicePicker } from '../history/index.ts';

interface Props {
  value?: number;
  onChange?: (id: number | undefined) => void;
  testId: string;
}

/** The device picker inside a form item (the form passes value and onChange) of the billing dialogs. */
export function DeviceField(p: Props) {
  // The chosen device's name while the picker's list holds other devices (same key as the alarm filters).
  const device = useQuery({
    queryKey: ['device', 'detail', p.value ?? 0],
    queryFn: () => deviceApi.detail(p.value ?? 0),
    enabled: p.value !== undefined,
    staleTime: 30_000,
  });
  return (
    <DevicePicker
      value={p.value}
      current={device.data && device.data.id === p.value ? device.data : undefined}
      onChange={(id) => p.onChange?.(id)}
      className="device-full-width"
      testId={p.testId}
    />
  );
}
