import { useState } from 'react';
import { Checkbox, Modal, Spin, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, trafficMonthOf } from '@hmi/domain';
import { useDeviceTraffic } from '../billing/index.ts';

interface Props {
  open: boolean;
  deviceId: number;
  /** The user may read the device's traffic (myAccount view 17, billing shown). */
  showTraffic: boolean;
  onStart(dontAskAgain: boolean): void;
  onCancel(): void;
}

/**
 * Before a billable session (issue 24): what the device has left this month, then start or not;
 * "don't ask again" keeps the choice in this browser (remoteStartPreference).
 */
export function RemoteStartDialog({ open, deviceId, showTraffic, onStart, onCancel }: Props) {
  const { t } = useTranslation('remote');
  const [dontAsk, setDontAsk] = useState(false);
  const month = trafficMonthOf(Date.now());
  const traffic = useDeviceTraffic(deviceId, month, open && showTraffic);
  const data = traffic.data?.device_id === deviceId ? traffic.data : undefined;
  const state = data?.months.find((m) => m.month === month);

  let figure: React.ReactNode = null;
  if (showTraffic) {
    figure = !data ? (
      traffic.isError ? null : (
        <Spin size="small" />
      )
    ) : (
      <Typography.Paragraph data-testid="remote-start-traffic">
        <Typography.Text strong>
          {t('start.left', { left: formatBytes(data.remaining_bytes), month })}
        </Typography.Text>
        <br />
        {t('start.used', { used: formatBytes(state?.used_bytes ?? 0) })}{' '}
        {state?.on ? t('start.on') : t('start.off')}
      </Typography.Paragraph>
    );
  }
  return (
    <Modal
      open={open}
      title={t('start.title')}
      okText={t('start.ok')}
      cancelText={t('common:cancel')}
      onOk={() => onStart(dontAsk)}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'remote-start-confirm' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'remote-start-cancel' } as ButtonProps}
      data-testid="remote-start-dialog"
    >
      <Typography.Paragraph>{t('start.text')}</Typography.Paragraph>
      {figure}
      <Checkbox
        checked={dontAsk}
        onChange={(e) => setDontAsk(e.target.checked)}
        data-testid="remote-start-dontask"
      >
        {t('start.dontAsk')}
      </Checkbox>
    </Modal>
  );
}
