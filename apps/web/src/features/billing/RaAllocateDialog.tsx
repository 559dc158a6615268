import { useEffect } from 'react';
import { Alert, Form, Modal, Select, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type BillingCard } from '@hmi/domain';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../shared/format/date-time.ts';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { shownCardNumber } from './billing-display.ts';
import { DeviceField } from './DeviceField.tsx';
import { useAllocateRa } from './use-traffic.ts';

interface Values {
  card_id?: number;
  device_id?: number;
}

/** A device out of reach (1003) under the device; a card taken (1056) or outdated (1057) under the card. */
const PLACES = {
  fieldOf: {
    [ErrorCode.E1003_NO_DATA]: 'device_id',
    [ErrorCode.E1056_RA_CARD_ALREADY_ALLOCATED]: 'card_id',
    [ErrorCode.E1057_RA_EXPIRED]: 'card_id',
  },
  fields: ['card_id', 'device_id'],
};

interface Props {
  open: boolean;
  /** The RA cards that can still go to a device (active, not allocated). */
  cards: readonly BillingCard[];
  /** The device to give the traffic to, when the dialog opens from its row. */
  deviceId?: number | undefined;
  onClose(): void;
}

/** Gives an activated Remote Access card's traffic to a device, for good (ra-allocate 21). */
export function RaAllocateDialog({ open, cards, deviceId, onClose }: Props) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<Values>();
  const allocate = useAllocateRa();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);

  useEffect(() => {
    if (!open) return;
    clear();
    form.resetFields();
    form.setFieldsValue({ device_id: deviceId, card_id: cards.length === 1 ? cards[0]!.id : undefined });
    // Only when it opens: the cards change once it has allocated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, clear, form]);

  const submit = async () => {
    const values = await form.validateFields();
    clear();
    allocate.mutate(
      { card_id: values.card_id!, device_id: values.device_id! },
      {
        onSuccess: (a) => {
          successToast(t('raAllocate.done', { number: a.number, count: a.gigabytes }));
          onClose();
        },
        onError: report,
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('raAllocate.title')}
      okText={t('raAllocate.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: allocate.isPending, 'data-testid': 'ra-allocate-submit' } as ButtonProps}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ra-allocate-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        className="device-dialog"
        requiredMark={false}
        onValuesChange={clear}
      >
        <Typography.Paragraph type="secondary">{t('raAllocate.help')}</Typography.Paragraph>
        <Form.Item
          name="card_id"
          label={t('raAllocate.card')}
          rules={[{ required: true, message: t('raAllocate.cardRequired') }]}
        >
          <Select<number>
            placeholder={t('raAllocate.cardPlaceholder')}
            options={cards.map((c) => ({
              value: c.id,
              label: t('raAllocate.cardOption', {
                number: shownCardNumber(c.number),
                count: c.quota.gigabytes,
                date: c.expires_at ? dayjs(c.expires_at).format(DATE_FORMAT) : '-',
              }),
            }))}
            popupMatchSelectWidth={false}
            data-testid="ra-allocate-card"
          />
        </Form.Item>
        <Form.Item
          name="device_id"
          label={t('allocate.device')}
          rules={[{ required: true, message: t('allocate.deviceRequired') }]}
        >
          <DeviceField testId="ra-allocate-device" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} data-testid="ra-allocate-error" /> : null}
      </Form>
    </Modal>
  );
}
