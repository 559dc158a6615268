import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { CreditCardOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CARD_TAIL_LENGTH,
  ErrorCode,
  validateCardChecksum,
  validateCardPassword,
  type CardKind,
} from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';
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
 * A mistyped number (1006 validation.card.numberChecksum) and a card of the other type (1006
 * validation.card.isRemoteAccess / isCloudApplication, with a button to that type's dialog) go
 * under the number; a wrong pair
 * (1043), an activated card (1045/1050), a passed window (1044/1051) and too many attempts (1036)
 * above the buttons: the server does not say which half of the pair is wrong, neither do we.
 */
const PLACES = { fields: ['number', 'password'] };

/**
 * The type a refusal says the card is (1006 validation.card.isRemoteAccess / isCloudApplication
 * under the number: the server tells it only after the right password).
 */
export function otherTypeOf(e: unknown): CardKind | undefined {
  if (!isApiError(e) || e.code !== ErrorCode.E1006_BAD_PARAMETER) return undefined;
  const fields = (e.data as { fields?: { path?: unknown; message?: unknown }[] } | null)?.fields;
  const key = Array.isArray(fields) ? fields.find((f) => f?.path === 'number')?.message : undefined;
  return key === 'validation.card.isRemoteAccess'
    ? 'ra'
    : key === 'validation.card.isCloudApplication'
      ? 'ca'
      : undefined;
}

interface Props {
  /** The type of card to activate; undefined: closed. */
  type: CardKind | undefined;
  onClose(): void;
  /** Whether the user may activate cards of a type (18 CA, 20 RA). */
  canSwitch?(type: CardKind): boolean;
  /** Goes on as the other type's dialog, keeping what was typed. */
  onSwitch?(type: CardKind): void;
}

/** Activates a Cloud Application or Remote Access card with its number (last 8) and password. */
export function ActivateCardDialog({ type, onClose, canSwitch, onSwitch }: Props) {
  const { t } = useTranslation('billing');
  const { rule } = useValidator();
  const nameOf = useCardTypeName();
  const [form] = Form.useForm<Values>();
  const activate = useActivateCard();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const open = type !== undefined;
  const [other, setOther] = useState<CardKind>();

  useEffect(() => {
    if (!open) return;
    clear();
    setOther(undefined);
    form.resetFields();
  }, [open, clear, form]);

  const submit = async () => {
    const values = await form.validateFields();
    if (!type) return;
    clear();
    setOther(undefined);
    activate.mutate(
      { type, body: { number: values.number.trim(), password: values.password.trim() } },
      {
        onSuccess: (card) => {
          successToast(t('activate.done', { name: t(nameOf(card.type)), number: card.number }));
          onClose();
        },
        onError: (e) => {
          report(e);
          setOther(otherTypeOf(e));
        },
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
        onValuesChange={() => {
          clear();
          setOther(undefined);
        }}
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
        {other && other !== type && onSwitch && canSwitch?.(other) ? (
          <Button
            type="link"
            className="billing-switch-type"
            onClick={() => {
              clear();
              setOther(undefined);
              onSwitch(other);
            }}
            data-testid="activate-switch-type"
          >
            {t('activate.switchTo', { name: t(nameOf(other)) })}
          </Button>
        ) : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
