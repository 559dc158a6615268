import { useEffect } from 'react';
import { Alert, Form, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type MemberItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useChangeMemberRole } from './use-member-mutations.ts';
import type { RoleChoice } from './member-display.ts';

const PLACES = {
  fieldOf: { [ErrorCode.E1062_ROLE_NOT_USERS]: 'role_id', [ErrorCode.E1002_PERMISSION_DENIED]: 'role_id' },
  fields: ['role_id'],
};

interface Props {
  /** The member whose role changes; undefined: closed. */
  member: MemberItem | undefined;
  roles: readonly RoleChoice[];
  rolesLoading: boolean;
  onClose(): void;
}

/** Gives a member another role (a role of the team's, within what the caller holds: 1062 / 1002 under the select). */
export function MemberRoleDialog({ member, roles, rolesLoading, onClose }: Props) {
  const { t } = useTranslation('member');
  const [form] = Form.useForm<{ role_id: number }>();
  const change = useChangeMemberRole();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);

  useEffect(() => {
    if (!member) return;
    clear();
    form.resetFields();
    if (member.role_id !== null) form.setFieldsValue({ role_id: member.role_id });
  }, [member, form, clear]);

  const submit = async () => {
    const { role_id } = await form.validateFields();
    if (!member) return;
    clear();
    change.mutate(
      { user_id: member.id, role_id },
      {
        onSuccess: (m) => {
          successToast(t('role.done', { name: m.name || m.account, role: m.role_name ?? '' }));
          onClose();
        },
        onError: report,
      },
    );
  };

  return (
    <Modal
      open={member !== undefined}
      title={t('role.title', { name: member?.name || member?.account || '' })}
      okText={t('role.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: change.isPending, 'data-testid': 'member-role-save' } as ButtonProps}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="member-role-dialog"
    >
      <Form form={form} layout="vertical" className="device-dialog" onValuesChange={clear}>
        <Form.Item
          name="role_id"
          label={t('role.label')}
          extra={t('role.help')}
          rules={[{ required: true, message: t('role.required') }]}
        >
          <Select
            loading={rolesLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={roles.map((r) => ({
              value: r.id,
              label: r.id === member?.role_id ? t('role.current', { role: r.name }) : r.name,
            }))}
            data-testid="member-role-select"
          />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Form>
    </Modal>
  );
}
