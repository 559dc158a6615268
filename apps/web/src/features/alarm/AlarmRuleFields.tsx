import { Button, Col, Form, Input, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmLimits, TagDataType, tagDataTypeName, termKey, type TemplateTag } from '@hmi/domain';
import { alarmLevels } from './alarm-levels.ts';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmGroupSelect } from './AlarmGroupSelect.tsx';
import { contentPlaceholders } from './rule-form.ts';
import type { AlarmRuleForm } from './use-alarm-rule-form.ts';

const half = { xs: 24, sm: 12 };
type Translate = (key: string, o?: Record<string, unknown>) => string;

/** "Data type INT16" under the value fields once a tag is chosen. */
function dataTypeHint(t: Translate, dataType: number | undefined) {
  const name = dataType === undefined ? undefined : tagDataTypeName(dataType);
  return name ? t('rule.dataType', { type: name }) : undefined;
}

/** The template's tags, STRING ones shown but not choosable, each with its data type. */
function tagOptionsOf(tags: readonly TemplateTag[], t: Translate) {
  return tags.map((tg) => {
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
}

/** Name, group, level, tag and the types the tag can carry. */
export function RuleBasicsFields({ rf, tags }: { rf: AlarmRuleForm; tags: readonly TemplateTag[] }) {
  const { t } = useTranslation('alarm');
  const { item, allowed, tagId } = rf;
  return (
    <>
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
            options={tagOptionsOf(tags, t)}
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
    </>
  );
}

/** The fields of the type's category: value (fixed for on/off), target, deviation, deadband. */
export function RuleValueFields({ rf }: { rf: AlarmRuleForm }) {
  const { t } = useTranslation('alarm');
  const { item, shown, dataType } = rf;
  return (
    <>
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
          <Form.Item {...item('target')} label={t('field.target')} required extra={dataTypeHint(t, dataType)}>
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
    </>
  );
}

/** The alarm text, with chips that insert the placeholders the server fills in. */
export function RuleContentField({ rf }: { rf: AlarmRuleForm }) {
  const { t } = useTranslation('alarm');
  return (
    <Col span={24}>
      <Form.Item
        {...rf.item('content')}
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
                  onClick={() => rf.insertPlaceholder(p)}
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
          ref={rf.content}
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={AlarmLimits.contentMax + 16}
          placeholder={t('rule.contentPlaceholder')}
          data-testid="alarm-rule-content"
        />
      </Form.Item>
    </Col>
  );
}
