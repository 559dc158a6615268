import { alarmCategoryOf, AlarmType, isAlarmType } from '../constants/alarm.constants.ts';
import type { AlarmTypeName } from '../constants/alarm.constants.ts';
import { validateAlarmTagType, validateOnOffValue } from '../validation/alarm-rule.validation.ts';
import { isRealNumberText, validateAlarmValue } from '../validation/alarm-value.validation.ts';
import { invalid } from '../validation/validation-result.ts';
import type { ParseResult } from '../validation/validation-result.ts';

export type AlarmExpression = {
  /** Id of the tag the alarm watches. */
  readonly tagId: number;
  /** The value as written (a string, so UINT64/INT64 values stay exact). */
  readonly alarmValue: string;
  /** One alarm type flag (HighHigh 1 ... Off 256). */
  readonly alarmRule: AlarmType;
};

const TAG = /^tag_([1-9]\d*)$/i;
const FLAG = /^\d+$/;
const ruleByName = new Map<string, AlarmType>(
  (Object.entries(AlarmType) as [AlarmTypeName, AlarmType][]).map(([name, flag]) => [
    name.toLowerCase(),
    flag,
  ]),
);

function parseRule(token: string): AlarmType | undefined {
  if (FLAG.test(token)) {
    const flag = Number(token);
    return isAlarmType(flag) ? flag : undefined;
  }
  return ruleByName.get(token.toLowerCase());
}

/**
 * Parses an alarm rule expression into tagId, alarmValue and alarmRule (SPEC section 3).
 *
 * Syntax: `tag_<id> <rule> <value>`, three tokens separated by whitespace, where
 * - `<id>` is a positive decimal integer (`tag_` in any case);
 * - `<rule>` is an alarm type name (HighHigh, High, LowLow, Low, LargeDeviation,
 *   SmallDeviation, On, Off, any case) or its flag (1, 2, 4, 8, 16, 32, 128, 256);
 * - `<value>` is a decimal or scientific number; On needs 1 and Off needs 0.
 * Examples: `tag_12 HighHigh 80`, `tag_3 off 0`, `tag_7 2 -1.5e3`.
 *
 * With `dataType` (the tag's type code) the value is also checked against that type and the
 * type against the rule's category. Failures carry the same keys as the validators, plus
 * 'validation.alarmExpression.syntax' | '.tagId' | '.rule'.
 */
export function parseAlarmExpression(expr: string, dataType?: number): ParseResult<AlarmExpression> {
  const tokens = expr.trim().split(/\s+/);
  if (tokens.length !== 3) return invalid('validation.alarmExpression.syntax');
  const [tagToken = '', ruleToken = '', valueToken = ''] = tokens;

  const tagMatch = TAG.exec(tagToken);
  const tagId = tagMatch ? Number(tagMatch[1]) : NaN;
  if (!Number.isSafeInteger(tagId)) return invalid('validation.alarmExpression.tagId');

  const alarmRule = parseRule(ruleToken);
  if (alarmRule === undefined) return invalid('validation.alarmExpression.rule', { rule: ruleToken });

  if (!isRealNumberText(valueToken)) return invalid('validation.alarmExpression.syntax');
  const category = alarmCategoryOf(alarmRule);
  if (category === 'onoff') {
    const r = validateOnOffValue(valueToken, alarmRule);
    if (!r.ok) return r;
  }
  if (dataType !== undefined && category !== undefined) {
    const typeCheck = validateAlarmTagType(category, dataType);
    if (!typeCheck.ok) return typeCheck;
    const valueCheck = validateAlarmValue(valueToken, dataType);
    if (!valueCheck.ok) return valueCheck;
  }
  return { ok: true, value: { tagId, alarmValue: valueToken, alarmRule } };
}

/** The canonical text of an expression (`tag_12 High 80`); parseAlarmExpression reads it back. */
export function formatAlarmExpression(e: AlarmExpression): string {
  const name = (Object.keys(AlarmType) as AlarmTypeName[]).find((k) => AlarmType[k] === e.alarmRule);
  return `tag_${e.tagId} ${name ?? e.alarmRule} ${e.alarmValue}`;
}
