import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { CreditCardOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CARD_TAIL_LENGTH, validateCardChecksum, validateCardPassword, type CardKind } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useValidator } from '../auth/index.ts';
import { useActivateCard } from './use-billing.ts';
import { useCardTypeName } from './use-card-types.ts';

interface Values {
  number: string;
  password: string;
}

/**
 * A mistyped number (1006 validation.card.numberChecksum) goes under the number; a wrong pair
 * (1043), an activated card (1045/1050), a passed window (1044/1051) and too many attempts (1036)
 * above the buttons: the server does not say which half of the pair is wrong, neither do we.
 */
const PLACES = { fields: ['number', 'password'] };

interface Props {
  /** The type of card to activate; undefined: closed. */
  type: CardKind | undefined;
  onClose(): void;
}

/** Activates a Cloud Application or Remote Access card with its number (last 8) and password. */
export function ActivateCardDialog({ type, onClose }: Props) {
  const { t } = useTranslation('billing');
  const { rule } = useValidator();
  const nameOf = useCardTypeName();
  const [form] = Form.useForm<Values>();
  const activate = useActivateCard();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const open = type !== undefined;

  useEffect(() => {
    if (!open) return;
    clear();
    form.resetFields();
  }, [open, clear, form]);

  const submit = async () => {
    const values = await form.validateFields();
    if (!type) return;
    clear();
    activate.mutate(
      { type, body: { number: values.number.trim(), password: values.password.trim() } },
      {
        onSuccess: (card) => {
          successToast(t('activate.done', { name: t(nameOf(card.type)), number: card.number }));
          onClose();
        },
        onError: report,
      },
    );
  };

  return (
    <Modal
      open={open}
      title={type ? t('activate.title', { name: t(nameOf(type)) }) : ''}
      okText={t('activate.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: activate.isPending, 'data-testid': 'activate-submit' } as ButtonProps}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="activate-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        className="device-dialog"
        requiredMark={false}
        onValuesChange={clear}
        onFinish={() => void submit().catch(() => undefined)}
      >
        <Typography.Paragraph type="secondary">{t('activate.help')}</Typography.Paragraph>
        <Form.Item
          name="number"
          label={t('activate.number')}
          extra={t('activate.numberHint', { count: CARD_TAIL_LENGTH })}
          rules={[rule(validateCardChecksum)]}
        >
          <Input
            prefix={<CreditCardOutlined />}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            placeholder={t('activate.numberPlaceholder')}
            data-testid="card-number"
          />
        </Form.Item>
        <Form.Item name="password" label={t('activate.password')} rules={[rule(validateCardPassword)]}>
          <Input.Password
            prefix={<KeyOutlined />}
            autoComplete="off"
            maxLength={16}
            placeholder={t('activate.passwordPlaceholder')}
            data-testid="card-password"
          />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} data-testid="activate-error" /> : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
