import { DeviceSelect } from '../../shared/devices/DeviceSelect.tsx';
import { useDeviceDetail } from '../../shared/devices/device-reads.ts';

interface Props {
  value?: number;
  onChange?: (id: number | undefined) => void;
  testId: string;
}

/** The device picker inside a form item (the form passes value and onChange) of the billing dialogs. */
export function DeviceField(p: Props) {
  // The chosen device's name while the picker's list holds other devices (same key as the alarm filters).
  const device = useDeviceDetail(p.value);
  return (
    <DeviceSelect
      value={p.value}
      current={device.data && device.data.id === p.value ? device.data : undefined}
      onChange={(id) => p.onChange?.(id)}
      className="device-full-width"
      testId={p.testId}
    />
  );
}
