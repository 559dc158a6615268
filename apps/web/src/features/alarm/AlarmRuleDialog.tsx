import { useMemo, useRef } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Space, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import {
  AlarmLimits,
  ErrorCode,
  TagDataType,
  tagDataTypeName,
  termKey,
  type AlarmRule,
  type TemplateTag,
} from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure, type FailurePlaces } from '../../shared/feedback/use-placed-failure.ts';
import { alarmLevels } from './alarm-levels.ts';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmGroupSelect } from './AlarmGroupSelect.tsx';
import { issueText as issueKeyText, useIssueText } from './issue-text.ts';
import {
  checkRuleField,
  contentPlaceholders,
  fieldsOfType,
  fixedOnOffValue,
  formValuesOf,
  insertAt,
  issueWhileTyping,
  ruleFields,
  toRuleInput,
  typesForDataType,
  type RuleField,
  type RuleFormValues,
} from './rule-form.ts';
import { useAlarmRuleMutations } from './use-alarm-rules.ts';

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

/** 1088 and the 1006 field errors of the rule's fields under their field, the rest above the buttons. */
const PLACES: FailurePlaces = {
  fieldOf: { [ErrorCode.E1088_ALARM_NAME_EXISTS]: 'name' },
  fields: ruleFields,
};
/** Fields to check again when another one changes (the tag decides the rest). */
const DEPENDS: Partial<Record<RuleField, RuleField[]>> = {
  type: ['tag_id'],
  value: ['tag_id', 'type'],
  target: ['tag_id', 'type'],
  deviation: ['tag_id', 'type'],
  deadband: ['type'],
};

/**
 * Add or edit one alarm rule. Every field is checked as the user types with the domain's
 * validators for the chosen tag's data type; the type select only offers the types that tag can
 * carry, and only the fields of the type's category show. Server field errors land on their field.
 */
export function AlarmRuleDialog({ templateId, tags, rule, otherNames, defaultGroup, onClose }: Props) {
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
  const rule$ = (field: RuleField): Rule[] => [
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
    rules: rule$(field),
    dependencies: DEPENDS[field] ?? [],
  });

  /** A new tag keeps the type when it can carry it; on/off types fix the value. */
  const onValuesChange = (changed: Partial<RuleFormValues>) => {
    clear();
    if ('tag_id' in changed) {
      const types = typesForDataType(dataTypeOf(changed.tag_id));
      const current = form.getFieldValue('type') as RuleFormValues['type'];
      const next = current !== undefined && types.includes(current) ? current : types[0];
      if (next !== current) applyType(next, current);
    }
    // `type` is still the previous render's choice here.
    if ('type' in changed) applyType(changed.type, type);
  };
  const applyType = (next: RuleFormValues['type'], previous: RuleFormValues['type']) => {
    const fixed = fixedOnOffValue(next);
    const wasFixed = fixedOnOffValue(previous) !== undefined;
    form.setFieldsValue({
      type: next,
      ...(fixed !== undefined ? { value: fixed } : wasFixed ? { value: '' } : {}),
    });
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
    const body = toRuleInput(values, templateId);
    try {
      if (rule) {
        const { template_id: _t, ...rest } = body;
        await edit.mutateAsync({ id: rule.id, ...rest });
        successToast(t('rule.saved', { name: body.name }));
      } else {
        await add.mutateAsync(body);
        successToast(t('rule.created', { name: body.name }));
      }
      onClose();
    } catch (e) {
      report(e);
    }
  };

  const tagOptions = tags.map((tg) => {
    const stringTag = tg.data_type === TagDataType.STRING;
    return {
      value: tg.id,
      label: tg.name,
      disabled: stringTag,
      title: stringTag ? t('rule.stringTag') : undefined,
      render: (
        <span className="alarm-tag-option">
          <span className="alarm-tag-option-name">{tg.name}</span>
          <span className="alarm-mono alarm-muted">{tagDataTypeName(tg.data_type) ?? tg.data_type}</span>
        </span>
      ),
    };
  });
  const half = { xs: 24, sm: 12 };

  return (
    <Modal
      open
      title={rule ? t('rule.editTitle') : t('rule.addTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending || edit.isPending}
      okButtonProps={{ 'data-testid': 'alarm-rule-submit' } as never}
      width={680}
      destroyOnHidden
      data-testid="alarm-rule-dialog"
    >
      <Form<RuleFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={onValuesChange}
        requiredMark
        className="alarm-form"
      >
        <Row gutter={12}>
          <Col span={24}>
            <Form.Item {...item('name')} label={t('field.name')} required>
              <Input maxLength={AlarmLimits.nameMax + 8} autoFocus data-testid="alarm-rule-name" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="group_id" label={t('field.group')}>
              <AlarmGroupSelect className="alarm-full" data-testid="alarm-rule-group" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="level" label={t('field.level')} required>
              <Select
                options={alarmLevels.map((l) => ({ value: l, label: <AlarmLevelTag level={l} /> }))}
                data-testid="alarm-rule-level"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item {...item('tag_id')} label={t('field.tag')} required>
              <Select<number>
                options={tagOptions}
                optionRender={(o) => o.data.render}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('rule.pickTag')}
                notFoundContent={t('rule.noTags')}
                data-testid="alarm-rule-tag"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item {...item('type')} label={t('field.type')} required>
              <Select<number>
                options={allowed.map((ty) => ({ value: ty, label: t(termKey('alarmType', ty)) }))}
                disabled={tagId === undefined}
                placeholder={tagId === undefined ? t('rule.tagFirst') : undefined}
                data-testid="alarm-rule-type"
              />
            </Form.Item>
          </Col>
          {shown.value && (
            <Col {...half}>
              <Form.Item
                {...item('value')}
                label={shown.fixedValue ? t('field.onOffValue') : t('field.value')}
                required
                extra={shown.fixedValue ? t('rule.fixedValue') : dataTypeHint(t, dataType)}
              >
                <Input
                  disabled={shown.fixedValue}
                  inputMode="decimal"
                  maxLength={64}
                  data-testid="alarm-rule-value"
                />
              </Form.Item>
            </Col>
          )}
          {shown.target && (
            <Col {...half}>
              <Form.Item
                {...item('target')}
                label={t('field.target')}
                required
                extra={dataTypeHint(t, dataType)}
              >
                <Input inputMode="numeric" maxLength={64} data-testid="alarm-rule-target" />
              </Form.Item>
            </Col>
          )}
          {shown.deviation && (
            <Col {...half}>
              <Form.Item {...item('deviation')} label={t('field.deviation')} required>
                <Input inputMode="decimal" maxLength={64} data-testid="alarm-rule-deviation" />
              </Form.Item>
            </Col>
          )}
          {shown.deadband && (
            <Col {...half}>
              <Form.Item {...item('deadband')} label={t('field.deadband')} tooltip={t('rule.deadbandHint')}>
                <Input
                  inputMode="decimal"
                  maxLength={64}
                  placeholder={t('rule.optional')}
                  data-testid="alarm-rule-deadband"
                />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item
              {...item('content')}
              label={t('field.content')}
              extra={
                <Space size={4} wrap className="alarm-chips">
                  <span>{t('rule.insert')}</span>
                  {contentPlaceholders.map((p) => (
                    <Tooltip key={p} title={t(`placeholder.${p.slice(1, -1)}`)}>
                      <Button
                        size="small"
                        type="dashed"
                        className="alarm-chip"
                        onClick={() => insertPlaceholder(p)}
                        data-testid={`alarm-chip-${p.slice(1, -1)}`}
                      >
                        {p}
                      </Button>
                    </Tooltip>
                  ))}
                </Space>
              }
            >
              <Input.TextArea
                ref={content}
                autoSize={{ minRows: 2, maxRows: 4 }}
                maxLength={AlarmLimits.contentMax + 16}
                placeholder={t('rule.contentPlaceholder')}
                data-testid="alarm-rule-content"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} data-testid="alarm-rule-failure" />}
    </Modal>
  );
}

/** "Data type INT16" under the value fields once a tag is chosen. */
function dataTypeHint(t: (key: string, o?: Record<string, unknown>) => string, dataType: number | undefined) {
  const name = dataType === undefined ? undefined : tagDataTypeName(dataType);
  return name ? t('rule.dataType', { type: name }) : undefined;
}
