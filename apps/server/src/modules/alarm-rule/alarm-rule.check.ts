import {
  alarmCategoryOf,
  isRealNumberText,
  TagDataType,
  validateAlarmTagType,
  validateAlarmTarget,
  validateAlarmValue,
  validateOnOffValue,
  type AlarmFieldError,
  type ValidationResult,
} from '@hmi/domain';
import { fieldError } from './alarm-rule.errors.ts';

/** The number fields of a rule as entered (decimal text; null or blank = not given). */
export interface RuleNumbers {
  type: number;
  value: string | null;
  target: string | null;
  deviation: string | null;
  deadband: string | null;
}

/** The number fields as stored: only those of the rule's category, trimmed. */
export interface StoredNumbers {
  value: string;
  target: string | null;
  deviation: string | null;
  deadband: string | null;
}

const blank = (s: string | null): s is null => s === null || s.trim() === '';
const isNonNegative = (s: string): boolean => isRealNumberText(s) && Number(s.trim()) >= 0;
const isInteger = (dataType: number): boolean =>
  dataType !== TagDataType.REAL && dataType !== TagDataType.LREAL && dataType !== TagDataType.STRING;

/**
 * Checks the type and number fields of an alarm rule against its tag's data type (SPEC
 * section 5) and returns every failure, plus the values to store:
 * - limit alarms (HighHigh, High, LowLow, Low) need a number tag (not STRING or BOOL) and a value
 *   within the data type's range;
 * - deviation alarms need a number tag, a target within the data type (an integer for integer
 *   types) and a deviation >= 0; their value is stored as 0;
 * - on/off alarms need a BOOL tag and the value 1 (On) or 0 (Off);
 * - the deadband is empty or a number >= 0.
 * Fields of another category are not stored (a target on a limit alarm is dropped).
 * `tagField` names the tag in errors: `tag_id` for the API, `tag` for a sheet column.
 */
export function checkRuleNumbers(
  input: RuleNumbers,
  dataType: number,
  tagField = 'tag_id',
): { errors: AlarmFieldError[]; values: StoredNumbers } {
  const errors: AlarmFieldError[] = [];
  const fail = (field: string, r: ValidationResult): void => {
    if (!r.ok) errors.push(fieldError(field, r.key, r.params));
  };
  const category = alarmCategoryOf(input.type);
  const trimmed = (s: string | null) => (blank(s) ? null : s.trim());
  const values: StoredNumbers = {
    value: category === 'deviation' ? '0' : (trimmed(input.value) ?? ''),
    target: category === 'deviation' ? trimmed(input.target) : null,
    deviation: category === 'deviation' ? trimmed(input.deviation) : null,
    deadband: trimmed(input.deadband),
  };
  if (category === undefined) {
    errors.push(fieldError('type', 'validation.alarmImport.type', { value: input.type }));
    return { errors, values };
  }
  const tagType = validateAlarmTagType(category, dataType);
  if (!tagType.ok) {
    fail(tagField, tagType);
    return { errors, values };
  }
  if (category === 'deviation') {
    if (values.target === null) errors.push(fieldError('target', 'validation.required'));
    else if (isInteger(dataType) && !validateAlarmTarget(values.target).ok)
      fail('target', validateAlarmTarget(values.target));
    else fail('target', validateAlarmValue(values.target, dataType));
    if (values.deviation === null || !isNonNegative(values.deviation))
      errors.push(fieldError('deviation', 'validation.alarmImport.deviation'));
  } else if (values.value === '') {
    errors.push(fieldError('value', 'validation.required'));
  } else if (category === 'onoff') {
    fail('value', validateOnOffValue(values.value, input.type));
  } else {
    fail('value', validateAlarmValue(values.value, dataType));
  }
  if (values.deadband !== null && !isNonNegative(values.deadband))
    errors.push(fieldError('deadband', 'validation.alarmImport.deadband'));
  return { errors, values };
}
