import { Alert, Form, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRule, TemplateTag } from '@hmi/domain';
import type { RuleFormValues } from './rule-form.ts';
import { RuleBasicsFields, RuleContentField, RuleValueFields } from './AlarmRuleFields.tsx';
import { useAlarmRuleForm } from './use-alarm-rule-form.ts';

interface Props {
  templateId: number;
  tags: readonly TemplateTag[];
  /** The rule edited; none = a new rule. */
  rule?: AlarmRule | undefined;
  /** Names of the template's other rules (uniqueness as the user types). */
  otherNames: readonly string[];
  /** Group of a new rule (the group the list is filtered by). */
  defaultGroup?: number | undefined;
  onClose(): void;
}

/**
 * Add or edit one alarm rule. Every field is checked as the user types with the domain's
 * validators for the chosen tag's data type; the type select only offers the types that tag can
 * carry, and only the fields of the type's category show. Server field errors land on their field.
 */
export function AlarmRuleDialog({ templateId, tags, rule, otherNames, defaultGroup, onClose }: Props) {
  const { t } = useTranslation('alarm');
  const rf = useAlarmRuleForm({ templateId, tags, rule, otherNames, defaultGroup, onClose });

  return (
    <Modal
      open
      title={rule ? t('rule.editTitle') : t('rule.addTitle')}
      onCancel={onClose}
      onOk={() => void rf.submit().catch(() => undefined)}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={rf.pending}
      okButtonProps={{ 'data-testid': 'alarm-rule-submit' } as never}
      width={680}
      destroyOnHidden
      data-testid="alarm-rule-dialog"
    >
      <Form<RuleFormValues>
        form={rf.form}
        layout="vertical"
        initialValues={rf.initial}
        onValuesChange={rf.onValuesChange}
        requiredMark
        className="alarm-form"
      >
        <Row gutter={12}>
          <RuleBasicsFields rf={rf} tags={tags} />
          <RuleValueFields rf={rf} />
          <RuleContentField rf={rf} />
        </Row>
      </Form>
      {rf.failure && <Alert type="error" showIcon title={rf.failure} data-testid="alarm-rule-failure" />}
    </Modal>
  );
}
