import { useMemo, useRef } from 'react';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type AlarmRule, type TemplateTag } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure, type FailurePlaces } from '../../shared/feedback/use-placed-failure.ts';
import { issueText as issueKeyText, useIssueText } from './issue-text.ts';
import {
  checkRuleField,
  fieldsOfType,
  formValuesOf,
  insertAt,
  issueWhileTyping,
  ruleFields,
  typesForDataType,
  type RuleField,
  type RuleFormValues,
} from './rule-form.ts';
import { RULE_DEPENDS, toRuleRequest, typeChange, typeForTag } from './rule-dialog.ts';
import { useAlarmRuleMutations } from './use-alarm-rules.ts';

/** 1088 and the 1006 field errors of the rule's fields under their field, the rest above the buttons. */
const PLACES: FailurePlaces = {
  fieldOf: { [ErrorCode.E1088_ALARM_NAME_EXISTS]: 'name' },
  fields: ruleFields,
};

interface Options {
  templateId: number;
  tags: readonly TemplateTag[];
  rule: AlarmRule | undefined;
  otherNames: readonly string[];
  defaultGroup: number | undefined;
  onClose(): void;
}

/** The rule dialog's form: checks as the user types, the type following the tag, placeholders, submit. */
export function useAlarmRuleForm({ templateId, tags, rule, otherNames, defaultGroup, onClose }: Options) {
  const { t } = useTranslation('alarm');
  const issueText = useIssueText();
  const [form] = Form.useForm<RuleFormValues>();
  const { add, edit } = useAlarmRuleMutations();
  const { failure, report, clear } = usePlacedFailure(form, PLACES, issueKeyText);
  const content = useRef<TextAreaRef>(null);
  const initial = useMemo(() => formValuesOf(rule, defaultGroup), [rule, defaultGroup]);

  const tagId = Form.useWatch('tag_id', form) ?? initial.tag_id;
  const type = Form.useWatch('type', form) ?? initial.type;
  const dataTypeOf = (id: number | undefined) => tags.find((tg) => tg.id === id)?.data_type;
  const dataType = dataTypeOf(tagId);
  const shown = fieldsOfType(type);
  const allowed = useMemo(() => typesForDataType(dataType), [dataType]);

  // While saving, every field must be filled; before that, only the ones the user reached.
  const submitting = useRef(false);
  const rules = (field: RuleField): Rule[] => [
    ({ getFieldsValue, isFieldTouched }) => ({
      validator: async () => {
        const values = getFieldsValue(true) as RuleFormValues;
        const found = issueWhileTyping(
          checkRuleField(field, values, { dataType: dataTypeOf(values.tag_id), otherNames }),
          { touched: isFieldTouched(field), submitting: submitting.current },
        );
        if (found) throw new Error(issueText(found));
      },
    }),
  ];
  const item = (field: RuleField) => ({
    name: field,
    rules: rules(field),
    dependencies: RULE_DEPENDS[field] ?? [],
  });

  /** A new tag keeps the type when it can carry it; on/off types fix the value. */
  const onValuesChange = (changed: Partial<RuleFormValues>) => {
    clear();
    if ('tag_id' in changed) {
      const current = form.getFieldValue('type') as RuleFormValues['type'];
      const next = typeForTag(typesForDataType(dataTypeOf(changed.tag_id)), current);
      if (next !== current) form.setFieldsValue(typeChange(next, current));
    }
    // `type` is still the previous render's choice here.
    if ('type' in changed) form.setFieldsValue(typeChange(changed.type, type));
  };

  const insertPlaceholder = (placeholder: string) => {
    const area = content.current?.resizableTextArea?.textArea;
    const text = (form.getFieldValue('content') as string | undefined) ?? '';
    const next = insertAt(text, placeholder, area?.selectionStart, area?.selectionEnd);
    form.setFieldsValue({ content: next });
    void form.validateFields(['content']).catch(() => undefined);
    requestAnimationFrame(() => {
      const caret = (area?.selectionStart ?? text.length) + placeholder.length;
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  const submit = async () => {
    submitting.current = true;
    const checked = form.validateFields().finally(() => {
      submitting.current = false;
    });
    const values = (await checked.then(() => form.getFieldsValue(true))) as RuleFormValues;
    clear();
    const request = toRuleRequest(values, templateId, rule?.id);
    try {
      if (request.kind === 'edit') {
        await edit.mutateAsync(request.body);
        successToast(t('rule.saved', { name: request.body.name }));
      } else {
        await add.mutateAsync(request.body);
        successToast(t('rule.created', { name: request.body.name }));
      }
      onClose();
    } catch (e) {
      report(e);
    }
  };

  return {
    form,
    initial,
    failure,
    pending: add.isPending || edit.isPending,
    content,
    tagId,
    dataType,
    shown,
    allowed,
    item,
    onValuesChange,
    insertPlaceholder,
    submit,
  };
}

export type AlarmRuleForm = ReturnType<typeof useAlarmRuleForm>;
