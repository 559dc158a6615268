import type { AlarmRule } from '@hmi/domain';

/** Whether a rule passes the screen's filters: its group, and text in its name, tag, group or content. */
export function matchesRule(
  rule: Pick<AlarmRule, 'group_id' | 'group_name' | 'name' | 'tag_name' | 'content'>,
  filter: { groupId?: number | undefined; text?: string },
): boolean {
  if (filter.groupId !== undefined && rule.group_id !== filter.groupId) return false;
  const needle = (filter.text ?? '').trim().toLocaleLowerCase();
  if (!needle) return true;
  return [rule.name, rule.tag_name, rule.group_name ?? '', rule.content].some((s) =>
    s.toLocaleLowerCase().includes(needle),
  );
}
