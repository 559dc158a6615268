import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Limits, VALIDATION_NAMESPACE, validateRoleName } from '@hmi/domain';

export interface RoleNameValues {
  name: string;
}

interface Props {
  form: FormInstance<RoleNameValues>;
  readOnly: boolean;
  onValuesChange(): void;
}

/** The role editor's general tab: the role's name, checked as the server checks it. */
export function RoleNameForm({ form, readOnly, onValuesChange }: Props) {
  const { t } = useTranslation('role');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  return (
    <Form<RoleNameValues> form={form} layout="vertical" disabled={readOnly} onValuesChange={onValuesChange}>
      <Form.Item
        name="name"
        label={t('field.name')}
        extra={t('editor.nameHint', { max: Limits.roleNameMax })}
        rules={[
          {
            validator: (_rule, v: string | undefined) => {
              const r = validateRoleName(v ?? '');
              return r.ok ? Promise.resolve() : Promise.reject(new Error(tv(r.key, { ...r.params })));
            },
          },
        ]}
      >
        <Input maxLength={Limits.roleNameMax + 5} autoComplete="off" data-testid="role-name" />
      </Form.Item>
    </Form>
  );
}
