import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Segmented, Select, Space, Typography, type ButtonProps } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PHONE_AREA_CODE, ErrorCode, validateEmail, validatePhone } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { AreaCodeSelect } from '../account/index.ts';
import { useValidator } from '../auth/index.ts';
import { useInviteMember } from './use-member-mutations.ts';
import { inviteBody, type InviteChannel, type InviteValues } from './invite-form.ts';
import type { RoleChoice } from './member-display.ts';
import './member.css';

const PLACES = {
  fieldOf: {
    [ErrorCode.E1010_USER_NOT_FOUND]: 'account',
    [ErrorCode.E1031_EMAIL_NOT_VERIFIED]: 'account',
    [ErrorCode.E1078_NOT_THIS_DATA_CENTER]: 'account',
    [ErrorCode.E1076_ALREADY_JOINED]: 'account',
    [ErrorCode.E1069_JOINED_ANOTHER_TEAM]: 'account',
    [ErrorCode.E1062_ROLE_NOT_USERS]: 'role_id',
    [ErrorCode.E1002_PERMISSION_DENIED]: 'role_id',
  },
  fields: ['account', 'role_id'],
};

interface Props {
  open: boolean;
  roles: readonly RoleChoice[];
  rolesLoading: boolean;
  onClose(): void;
  /** After an invitation went out (the page shows the invitations sent). */
  onInvited(): void;
}

/** Invites an existing account of this data center by email or mobile number, with the role it gets. */
export function InviteDialog({ open, roles, rolesLoading, onClose, onInvited }: Props) {
  const { t } = useTranslation('member');
  const { rule } = useValidator();
  const [form] = Form.useForm<InviteValues>();
  const [channel, setChannel] = useState<InviteChannel>('email');
  const invite = useInviteMember();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);

  useEffect(() => {
    if (!open) return;
    clear();
    setChannel('email');
    form.resetFields();
  }, [open, clear, form]);

  const switchChannel = (next: InviteChannel) => {
    setChannel(next);
    clear();
    form.setFields([{ name: 'account', value: '', errors: [] }]);
  };

  const submit = async () => {
    const values = await form.validateFields();
    clear();
    const body = inviteBody(channel, values);
    invite.mutate(body, {
      onSuccess: () => {
        successToast(
          t('inviteDialog.done', { account: [body.area_code, body.account].filter(Boolean).join(' ') }),
        );
        onClose();
        onInvited();
      },
      onError: report,
    });
  };

  const accountRule =
    channel === 'email'
      ? rule((v) => validateEmail(v.trim()))
      : rule((v) => validatePhone(v.trim(), form.getFieldValue('area_code') as string));

  return (
    <Modal
      open={open}
      title={t('inviteDialog.title')}
      okText={t('inviteDialog.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: invite.isPending, 'data-testid': 'invite-submit' } as ButtonProps}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="invite-dialog"
    >
      <Form<InviteValues>
        form={form}
        layout="vertical"
        className="device-dialog"
        requiredMark={false}
        initialValues={{ area_code: DEFAULT_PHONE_AREA_CODE }}
        onValuesChange={clear}
        onFinish={() => void submit().catch(() => undefined)}
      >
        <Typography.Paragraph type="secondary" className="member-invite-help">
          {t('inviteDialog.help')}
        </Typography.Paragraph>
        <Segmented<InviteChannel>
          block
          value={channel}
          onChange={switchChannel}
          className="member-invite-channel"
          options={[
            {
              value: 'email',
              icon: <MailOutlined />,
              label: <span data-testid="invite-by-email">{t('inviteDialog.by.email')}</span>,
            },
            {
              value: 'phone',
              icon: <MobileOutlined />,
              label: <span data-testid="invite-by-phone">{t('inviteDialog.by.phone')}</span>,
            },
          ]}
        />
        {channel === 'email' ? (
          <Form.Item name="account" label={t('inviteDialog.email')} rules={[accountRule]}>
            <Input
              prefix={<MailOutlined />}
              autoComplete="off"
              maxLength={254}
              placeholder={t('inviteDialog.emailPlaceholder')}
              data-testid="invite-account"
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('inviteDialog.phone')} required>
            <Space.Compact block>
              <Form.Item name="area_code" noStyle>
                <AreaCodeSelect />
              </Form.Item>
              <Form.Item name="account" noStyle rules={[accountRule]}>
                <Input
                  prefix={<MobileOutlined />}
                  autoComplete="off"
                  maxLength={32}
                  placeholder={t('inviteDialog.phonePlaceholder')}
                  data-testid="invite-account"
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item
          name="role_id"
          label={t('inviteDialog.role')}
          rules={[{ required: true, message: t('inviteDialog.roleRequired') }]}
          extra={!rolesLoading && roles.length === 0 ? t('inviteDialog.noRoles') : undefined}
        >
          <Select
            loading={rolesLoading}
            placeholder={t('inviteDialog.rolePlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
            data-testid="invite-role"
          />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} data-testid="invite-error" /> : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
