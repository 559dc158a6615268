import { AlarmLimits } from '@hmi/domain';
import type { RuleIssue } from './rule-form.ts';

/** Alarm group name as the user types: required, at most 32 characters, unique in the team (1085). */
export function checkGroupName(name: string, others: readonly string[]): RuleIssue | undefined {
  const value = name.trim();
  if (!value) return { key: 'alarm:group.required', params: {} };
  if ([...value].length > AlarmLimits.groupNameMax)
    return { key: 'alarm:rule.tooLong', params: { max: AlarmLimits.groupNameMax } };
  if (others.some((o) => o.trim() === value)) return { key: 'errors:1085', params: {} };
  return undefined;
}
