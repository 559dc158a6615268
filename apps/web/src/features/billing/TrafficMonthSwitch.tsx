import { Button, Modal, Space, Switch, Tag, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { successToast } from '../../shared/feedback/notifier.ts';
import { prompt12gState, switchBlockOf, type MonthRow } from './traffic-display.ts';
import { useSwitchMonth } from './use-traffic.ts';

interface Props {
  row: MonthRow;
  /** The current UTC month ('YYYY-MM'). */
  current: string;
}

/**
 * A device's month switch (POST /diacom/monthtraffic, ra-allocate 21): switching on asks first,
 * as it cannot be switched off again that month (SPEC 4); a month to come can be switched off; past
 * 12 GB (1047) the month's prompt is answered here too.
 */
export function TrafficMonthSwitch({ row, current }: Props) {
  const { t } = useTranslation('billing');
  const [modal, holder] = Modal.useModal();
  const change = useSwitchMonth();
  const block = switchBlockOf(row, current);
  const name = row.name ?? `#${row.device_id}`;

  const send = (body: { on: boolean; confirm_12g?: boolean }, done: string) =>
    change
      .mutateAsync({ device_id: row.device_id, month: row.month, ...body })
      .then(() => successToast(done))
      .catch(toastFailure);

  const toggle = (on: boolean) => {
    if (!on) return void send({ on: false }, t('traffic.switchedOff', { name, month: row.month }));
    void modal.confirm({
      title: t('traffic.confirmOn.title', { name, month: row.month }),
      content: t('traffic.confirmOn.text', { month: row.month }),
      okText: t('traffic.confirmOn.ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'traffic-on-confirm' } as ButtonProps,
      onOk: () => send({ on: true }, t('traffic.switchedOn', { name, month: row.month })),
    });
  };

  const answer12g = () =>
    void modal.confirm({
      title: t('traffic.confirm12g.title', { name }),
      content: t('traffic.confirm12g.text', { month: row.month }),
      okText: t('traffic.confirm12g.ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'traffic-12g-confirm' } as ButtonProps,
      onOk: () => send({ on: true, confirm_12g: true }, t('traffic.confirmed12g', { name })),
    });

  const prompt = prompt12gState(row);
  return (
    <Space size={6} wrap>
      <Tooltip title={block ? t(`traffic.block.${block}`) : undefined}>
        <Switch
          checked={row.on}
          disabled={block !== undefined}
          loading={change.isPending}
          onChange={toggle}
          aria-label={t('traffic.column.switch')}
          data-testid="traffic-switch"
          data-device={row.device_id}
        />
      </Tooltip>
      {prompt === 'ask' ? (
        <Button size="small" danger onClick={answer12g} data-testid="traffic-12g">
          {t('traffic.prompt.askButton')}
        </Button>
      ) : prompt === 'confirmed' ? (
        <Tag color="warning">{t('traffic.prompt.confirmed')}</Tag>
      ) : null}
      {holder}
    </Space>
  );
}
