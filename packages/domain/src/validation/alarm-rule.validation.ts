import { AlarmType } from '../constants/alarm.constants.ts';
import type { AlarmCategory } from '../constants/alarm.constants.ts';
import { TagDataType, tagDataTypeName } from '../constants/tag-types.constants.ts';
import { validateFreeText } from './free-text.validation.ts';
import { isIntegerInRange, parseExactInteger } from './integer.validation.ts';
import { invalid, VALID } from './validation-result.ts';
import { numericInput, refineWith } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';
import type { NumericInput } from './zod-glue.ts';

type Numeric = NumericInput | null | undefined;

/** The alarm rule field must be an integer. */
export function validateAlarmRuleField(value: Numeric): ValidationResult {
  return isIntegerInRange(value) ? VALID : invalid('validation.alarm.ruleMismatch');
}

/** The alarm target field must be an integer. */
export function validateAlarmTarget(value: Numeric): ValidationResult {
  return isIntegerInRange(value) ? VALID : invalid('validation.alarm.targetMismatch');
}

/**
 * On/off alarm value: 0 or 1; an On alarm (flag 128) only accepts 1, an Off alarm (256) only 0.
 * With no alarm type (or another one) any of 0 and 1 passes.
 */
export function validateOnOffValue(value: Numeric, alarmType?: number): ValidationResult {
  const n = parseExactInteger(value);
  if (n !== 0n && n !== 1n) return invalid('validation.alarm.onOffValue');
  if (alarmType === AlarmType.On && n !== 1n) return invalid('validation.alarm.onOnlyOne');
  if (alarmType === AlarmType.Off && n !== 0n) return invalid('validation.alarm.offOnlyZero');
  return VALID;
}

/**
 * Whether a tag of `dataType` can carry an alarm of `category`: limit and deviation alarms
 * compare numbers so they refuse STRING and BOOL tags; on/off alarms need a BOOL tag.
 */
export function validateAlarmTagType(category: AlarmCategory, dataType: number): ValidationResult {
  if (tagDataTypeName(dataType) === undefined) return invalid('validation.alarm.unknownType');
  const isBool = dataType === TagDataType.BOOL;
  switch (category) {
    case 'limit':
      return isBool || dataType === TagDataType.STRING ? invalid('validation.alarm.limitTagType') : VALID;
    case 'deviation':
      return isBool || dataType === TagDataType.STRING ? invalid('validation.alarm.deviationTagType') : VALID;
    case 'onoff':
      return isBool ? VALID : invalid('validation.alarm.onOffTagType');
  }
}

/** Alarm name: required, free text (validateFreeText) and unique among `others` (compared trimmed). */
export function validateAlarmName(name: string, others: readonly string[] = []): ValidationResult {
  const value = name.trim();
  if (value.length === 0) return invalid('validation.alarm.nameRequired');
  const text = validateFreeText(value);
  if (!text.ok) return text;
  return others.some((o) => o.trim() === value) ? invalid('validation.alarm.nameDuplicate') : VALID;
}

export const alarmRuleFieldSchema = numericInput.superRefine(refineWith(validateAlarmRuleField));
export const alarmTargetSchema = numericInput.superRefine(refineWith(validateAlarmTarget));
