import type { AlarmLevel, AlarmRule, AlarmType } from '@hmi/domain';
import type { AlarmRuleView } from './alarm-rule.repo.ts';

/** A rule as the API shows it. */
export const presentRule = (r: AlarmRuleView): AlarmRule => ({
  id: r.id,
  template_id: r.template_id,
  group_id: r.group_id,
  group_name: r.group_name,
  name: r.name,
  level: r.level as AlarmLevel,
  tag_id: r.tag_id,
  tag_name: r.tag_name ?? '',
  type: r.type as AlarmType,
  value: r.value,
  target: r.target,
  deviation: r.deviation,
  deadband: r.deadband,
  content: r.content,
  updated_at: r.updated_at,
});
