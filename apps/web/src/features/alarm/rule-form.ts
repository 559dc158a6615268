import {
  alarmCategoryOf,
  AlarmLevel,
  AlarmLimits,
  AlarmType,
  alarmTypeFlags,
  isRealNumberText,
  TagDataType,
  validateAlarmName,
  validateAlarmTagType,
  validateAlarmTarget,
  validateAlarmValue,
  validateOnOffValue,
  type AlarmCategory,
  type AlarmRule,
  type AlarmRuleInput,
  type ValidationResult,
} from '@hmi/domain';

/** The add/edit dialog's values; numbers stay text so INT64/UINT64 limits are exact. */
export interface RuleFormValues {
  name: string;
  group_id: number | null;
  level: AlarmLevel;
  tag_id: number | undefined;
  type: AlarmType | undefined;
  value: string;
  target: string;
  deviation: string;
  deadband: string;
  content: string;
}
export type RuleField = keyof RuleFormValues;

/**
 * A problem with one field: a `validation.*` key of the domain catalogue or an `alarm:` key of
 * this screen's namespace, with its interpolation values.
 */
export interface RuleIssue {
  key: string;
  params: Readonly<Record<string, string | number>>;
}

export interface RuleContext {
  /** Data type code of the chosen tag; undefined while no tag is chosen (or it is unknown). */
  dataType: number | undefined;
  /** Names of the template's other rules (uniqueness, SPEC section 5). */
  otherNames: readonly string[];
}

/** Placeholders the server replaces in a rule's content when it raises the alarm. */
export const contentPlaceholders = ['{device}', '{tag}', '{value}', '{name}', '{time}'] as const;

/** The fields a rule of a type shows, beyond name, group, level, tag, type and content. */
export function fieldsOfType(type: number | undefined): {
  value: boolean;
  target: boolean;
  deviation: boolean;
  deadband: boolean;
  fixedValue: boolean;
} {
  const category = type === undefined ? undefined : alarmCategoryOf(type);
  return {
    value: category === 'limit' || category === 'onoff',
    target: category === 'deviation',
    deviation: category === 'deviation',
    deadband: category === 'limit' || category === 'deviation',
    fixedValue: category === 'onoff',
  };
}

/** Alarm types a tag of `dataType` can carry (limit and deviation on numbers, on/off on BOOL). */
export function typesForDataType(dataType: number | undefined): AlarmType[] {
  if (dataType === undefined) return [...alarmTypeFlags];
  return alarmTypeFlags.filter((t) => validateAlarmTagType(alarmCategoryOf(t)!, dataType).ok);
}

/** The value an on/off rule must have: 1 for On, 0 for Off; undefined for other types. */
export function fixedOnOffValue(type: number | undefined): '1' | '0' | undefined {
  if (type === AlarmType.On) return '1';
  if (type === AlarmType.Off) return '0';
  return undefined;
}

const issue = (key: string, params: Readonly<Record<string, string | number>> = {}): RuleIssue => ({
  key,
  params,
});
const fromResult = (r: ValidationResult): RuleIssue | undefined =>
  r.ok ? undefined : issue(r.key, r.params);
const isBlank = (v: string | null | undefined) => (v ?? '').trim() === '';
const isNonNegativeNumber = (v: string) => isRealNumberText(v) && Number(v.trim()) >= 0;
const isIntegerType = (dataType: number) =>
  dataType !== TagDataType.REAL && dataType !== TagDataType.LREAL && dataType !== TagDataType.STRING;

/** The first problem of one field as the user types, or undefined when the field is fine. */
export function checkRuleField(field: RuleField, v: RuleFormValues, ctx: RuleContext): RuleIssue | undefined {
  const shown = fieldsOfType(v.type);
  const { dataType } = ctx;
  switch (field) {
    case 'name': {
      const named = fromResult(validateAlarmName(v.name ?? '', ctx.otherNames));
      if (named) return named;
      return v.name.trim().length > AlarmLimits.nameMax
        ? issue('alarm:rule.tooLong', { max: AlarmLimits.nameMax })
        : undefined;
    }
    case 'tag_id':
      return v.tag_id === undefined ? issue('validation.required') : undefined;
    case 'type': {
      if (v.type === undefined) return issue('validation.required');
      const category = alarmCategoryOf(v.type) as AlarmCategory;
      return dataType === undefined ? undefined : fromResult(validateAlarmTagType(category, dataType));
    }
    case 'value': {
      if (!shown.value) return undefined;
      if (shown.fixedValue) return fromResult(validateOnOffValue(v.value, v.type));
      if (isBlank(v.value)) return issue('validation.required');
      return dataType === undefined ? undefined : fromResult(validateAlarmValue(v.value, dataType));
    }
    case 'target': {
      if (!shown.target) return undefined;
      if (isBlank(v.target)) return issue('validation.required');
      if (dataType === undefined) return undefined;
      // SPEC section 5: the target is an integer, on integer tags; REAL/LREAL targets follow the type.
      return isIntegerType(dataType)
        ? (fromResult(validateAlarmTarget(v.target)) ?? fromResult(validateAlarmValue(v.target, dataType)))
        : fromResult(validateAlarmValue(v.target, dataType));
    }
    case 'deviation': {
      if (!shown.deviation) return undefined;
      if (isBlank(v.deviation)) return issue('validation.required');
      return isNonNegativeNumber(v.deviation) ? undefined : issue('alarm:rule.deviation');
    }
    case 'deadband': {
      if (!shown.deadband || isBlank(v.deadband)) return undefined;
      return isNonNegativeNumber(v.deadband) ? undefined : issue('alarm:rule.deadband');
    }
    case 'content':
      return (v.content ?? '').trim().length > AlarmLimits.contentMax
        ? issue('alarm:rule.tooLong', { max: AlarmLimits.contentMax })
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The issue a field shows while the user works: an empty field the user has not reached yet is
 * not an error until they save (another field's change re-checks it: choosing a tag must not
 * call the value "required" before anything was typed). Any other issue shows at once.
 */
export function issueWhileTyping(
  found: RuleIssue | undefined,
  state: { touched: boolean; submitting: boolean },
): RuleIssue | undefined {
  if (found?.key === 'validation.required' && !state.touched && !state.submitting) return undefined;
  return found;
}

export const ruleFields: readonly RuleField[] = [
  'name',
  'group_id',
  'level',
  'tag_id',
  'type',
  'value',
  'target',
  'deviation',
  'deadband',
  'content',
];

/** Every problem of the form, by field (empty when the rule can be saved). */
export function checkRule(v: RuleFormValues, ctx: RuleContext): Partial<Record<RuleField, RuleIssue>> {
  const out: Partial<Record<RuleField, RuleIssue>> = {};
  for (const f of ruleFields) {
    const found = checkRuleField(f, v, ctx);
    if (found) out[f] = found;
  }
  return out;
}

/** The dialog's starting values: the rule's, or a fresh rule in `groupId`. */
export function formValuesOf(rule: AlarmRule | undefined, groupId?: number): RuleFormValues {
  if (!rule) {
    return {
      name: '',
      group_id: groupId ?? null,
      level: AlarmLevel.Moderate,
      tag_id: undefined,
      type: undefined,
      value: '',
      target: '',
      deviation: '',
      deadband: '',
      content: '',
    };
  }
  return {
    name: rule.name,
    group_id: rule.group_id,
    level: rule.level,
    tag_id: rule.tag_id,
    type: rule.type,
    value: rule.value,
    target: rule.target ?? '',
    deviation: rule.deviation ?? '',
    deadband: rule.deadband ?? '',
    content: rule.content,
  };
}

const textOrNull = (v: string | null | undefined) => (isBlank(v) ? null : v!.trim());

/** The request body of a checked form: only the fields of the rule's category carry values. */
export function toRuleInput(v: RuleFormValues, templateId: number): AlarmRuleInput {
  const shown = fieldsOfType(v.type);
  return {
    template_id: templateId,
    group_id: v.group_id ?? null,
    name: v.name.trim(),
    level: v.level,
    tag_id: v.tag_id ?? 0,
    type: v.type ?? AlarmType.High,
    value: shown.value ? (fixedOnOffValue(v.type) ?? v.value.trim()) : '0',
    target: shown.target ? textOrNull(v.target) : null,
    deviation: shown.deviation ? textOrNull(v.deviation) : null,
    deadband: shown.deadband ? textOrNull(v.deadband) : null,
    content: (v.content ?? '').trim(),
  };
}

/** Inserts a placeholder at the caret of the content field (or at its end). */
export function insertAt(text: string, insert: string, start?: number | null, end?: number | null): string {
  const from = start ?? text.length;
  const to = end ?? from;
  return text.slice(0, from) + insert + text.slice(to);
}
