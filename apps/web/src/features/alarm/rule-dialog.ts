import type { AlarmRuleEditBody, AlarmRuleInput } from '@hmi/domain';
import { fixedOnOffValue, toRuleInput, type RuleField, type RuleFormValues } from './rule-form.ts';

/** Fields to check again when another one changes (the tag decides the rest). */
export const RULE_DEPENDS: Partial<Record<RuleField, RuleField[]>> = {
  type: ['tag_id'],
  value: ['tag_id', 'type'],
  target: ['tag_id', 'type'],
  deviation: ['tag_id', 'type'],
  deadband: ['type'],
};

/** The call a checked form makes: add to the template, or edit the rule (no template in an edit). */
export type RuleRequest = { kind: 'add'; body: AlarmRuleInput } | { kind: 'edit'; body: AlarmRuleEditBody };

export function toRuleRequest(
  v: RuleFormValues,
  templateId: number,
  ruleId: number | undefined,
): RuleRequest {
  const body = toRuleInput(v, templateId);
  if (ruleId === undefined) return { kind: 'add', body };
  const { template_id: _t, ...rest } = body;
  return { kind: 'edit', body: { id: ruleId, ...rest } };
}

/** The type after a new tag is chosen: the current one when the tag can carry it, else its first. */
export function typeForTag(
  allowed: readonly NonNullable<RuleFormValues['type']>[],
  current: RuleFormValues['type'],
): RuleFormValues['type'] {
  return current !== undefined && allowed.includes(current) ? current : allowed[0];
}

/** What a change of type sets: on/off types fix the value, leaving one empties it again. */
export function typeChange(
  next: RuleFormValues['type'],
  previous: RuleFormValues['type'],
): Pick<RuleFormValues, 'type'> & Partial<Pick<RuleFormValues, 'value'>> {
  const fixed = fixedOnOffValue(next);
  const wasFixed = fixedOnOffValue(previous) !== undefined;
  return { type: next, ...(fixed !== undefined ? { value: fixed } : wasFixed ? { value: '' } : {}) };
}
