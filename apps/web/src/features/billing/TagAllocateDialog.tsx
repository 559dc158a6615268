import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Select, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, tagLevelOf, type MyAccountReply } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { isApiError } from '../../shared/http/http-errors.ts';
import { DeviceField } from './DeviceField.tsx';
import { levelChoices, levelFunding } from './billing-display.ts';
import { useAllocateTags } from './use-billing.ts';

interface Values {
  device_id?: number;
  level?: number;
}

/** A device out of reach (1003) under the device; an upgrade-only refusal (1006) under the level. */
const PLACES = { fieldOf: { [ErrorCode.E1003_NO_DATA]: 'device_id' }, fields: ['device_id', 'level'] };

interface Shortage {
  level: number;
  needed: number;
  left: number;
}
const shortageOf = (e: unknown): Shortage | undefined =>
  isApiError(e) && e.code === ErrorCode.E1100_TAG_COUNT_OVER_LIMIT && typeof e.data === 'object' && e.data
    ? (e.data as Shortage)
    : undefined;

interface Props {
  open: boolean;
  /** Each device's current level (the allocations list). */
  levels: ReadonlyMap<number, number>;
  /** The team's cards (my account): what each level has left and would leave. */
  cards: MyAccountReply['cards'] | undefined;
  onClose(): void;
}

/** Gives a device the TAGs of a level, or upgrades it: the level only goes up. */
export function TagAllocateDialog({ open, levels, cards, onClose }: Props) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<Values>();
  const allocate = useAllocateTags();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const [shortage, setShortage] = useState<Shortage>();
  const deviceId = Form.useWatch('device_id', form);
  const current = deviceId === undefined ? undefined : levels.get(deviceId);
  const currentStep = current === undefined ? undefined : tagLevelOf(current);
  const choices = levelChoices(current);

  useEffect(() => {
    if (!open) return;
    clear();
    setShortage(undefined);
    form.resetFields();
  }, [open, clear, form]);

  const onValuesChange = (changed: Values) => {
    clear();
    setShortage(undefined);
    // Another device may not allow the chosen level: choose again.
    if ('device_id' in changed) form.setFieldValue('level', undefined);
  };

  const submit = async () => {
    const values = await form.validateFields();
    clear();
    setShortage(undefined);
    const body = { device_id: values.device_id!, level: values.level! };
    allocate.mutate(body, {
      onSuccess: (a) => {
        successToast(
          t('allocate.done', {
            device: a.device_name ?? a.sn,
            level: a.level,
            count: a.tags,
            seconds: a.interval_s,
          }),
        );
        onClose();
      },
      onError: (e) => {
        report(e);
        setShortage(shortageOf(e));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('allocate.title')}
      okText={t('allocate.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: allocate.isPending, 'data-testid': 'tag-allocate-submit' } as ButtonProps}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="tag-allocate-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        className="device-dialog"
        requiredMark={false}
        onValuesChange={onValuesChange}
      >
        <Typography.Paragraph type="secondary">{t('allocate.help')}</Typography.Paragraph>
        <Form.Item
          name="device_id"
          label={t('allocate.device')}
          rules={[{ required: true, message: t('allocate.deviceRequired') }]}
        >
          <DeviceField testId="tag-allocate-device" />
        </Form.Item>
        <Form.Item
          name="level"
          label={t('allocate.level')}
          rules={[{ required: true, message: t('allocate.levelRequired') }]}
          extra={
            currentStep
              ? t('allocate.current', {
                  level: currentStep.level,
                  count: currentStep.tags,
                  seconds: currentStep.interval_s,
                })
              : t('allocate.upgradeOnly')
          }
        >
          <Select<number>
            disabled={deviceId === undefined || choices.length === 0}
            placeholder={choices.length === 0 ? t('allocate.topLevel') : t('allocate.levelPlaceholder')}
            options={choices.map((l) => {
              const { left, after } = levelFunding(cards, l.level);
              const size = { level: l.level, count: l.tags, seconds: l.interval_s };
              // A level no card can fund is shown with what is missing and cannot be chosen (1100).
              return {
                value: l.level,
                disabled: after === undefined,
                label: (
                  <span data-testid={`tag-level-${l.level}`} data-disabled={after === undefined}>
                    {t('allocate.levelOption', size)}{' '}
                    <span className="device-muted">
                      {after === undefined
                        ? t('allocate.levelShort', { left })
                        : t('allocate.levelLeaves', { after, left })}
                    </span>
                  </span>
                ),
              };
            })}
            popupMatchSelectWidth={false}
            data-testid="tag-allocate-level"
          />
        </Form.Item>
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            description={shortage ? t('allocate.shortage', { ...shortage }) : undefined}
            data-testid="tag-allocate-error"
          />
        ) : null}
      </Form>
    </Modal>
  );
}
