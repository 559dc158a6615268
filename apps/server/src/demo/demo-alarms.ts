import {
  AlarmLevel,
  AlarmType,
  type AlarmGroupListReply,
  type AlarmRuleInput,
  type AlarmRuleListReply,
  type TemplateDetail,
} from '@hmi/domain';

/** The console API as the demo calls it (demo-seed.ts). */
export type DemoApi = <T>(method: string, path: string, token?: string, body?: unknown) => Promise<T>;

type DemoRule = Omit<AlarmRuleInput, 'template_id' | 'tag_id' | 'group_id'> & { tag: string; group: string };

/*
 * Alarm rules of the demo templates, on signals the simulator produces (apps/simulator/src/
 * signals.ts): temperatures and pressures swing around a set point of 20..99 (amplitude 2..16,
 * period 20..119 s), ramps climb 0..100 and start over, BOOL tags toggle. So some devices cross
 * these limits every minute or two and recover, and the console shows alarms, messages and
 * banners without anyone touching it; without flooding (issue 24): the critical limit is above
 * most set points (only the hottest devices reach it), deadbands of 3 keep the noise at a peak
 * from raising twice, and each rule notifies a device's users at most once per notification
 * interval (ALARM_NOTIFY_INTERVAL_MS), the raises in between in one digest.
 */
const RULES: Record<string, DemoRule[]> = {
  'Filling line HMI': [
    {
      name: 'Product too hot',
      group: 'Temperatures',
      level: AlarmLevel.Critical,
      tag: 'product_temp',
      type: AlarmType.HighHigh,
      value: '105',
      deadband: '3',
      content: '{device}: product temperature {value} °C over the limit, stop the line',
    },
    {
      name: 'Product warm',
      group: 'Temperatures',
      level: AlarmLevel.Moderate,
      tag: 'product_temp',
      type: AlarmType.High,
      value: '85',
      deadband: '3',
      content: '{device}: product temperature {value} °C',
    },
    {
      name: 'Filler almost empty',
      group: 'Levels',
      level: AlarmLevel.Mild,
      tag: 'fill_level',
      type: AlarmType.Low,
      value: '5',
      deadband: '2',
      content: '{device}: fill level {value} %',
    },
  ],
  'Utility gateway': [
    {
      name: 'Pressure high',
      group: 'Pressures',
      level: AlarmLevel.Severe,
      tag: 'pressure',
      type: AlarmType.High,
      value: '95',
      deadband: '2',
      content: '{device}: pressure {value} bar',
    },
    {
      name: 'Tank low',
      group: 'Levels',
      level: AlarmLevel.Minor,
      tag: 'tank_level',
      type: AlarmType.LowLow,
      value: '3',
      deadband: '2',
      content: '{device}: tank level {value} %',
    },
  ],
};

/** Adds the demo's alarm groups and the rules a demo template lacks (by name); returns the rules added. */
export async function ensureDemoAlarms(
  api: DemoApi,
  token: string,
  templates: ReadonlyMap<string, number>,
): Promise<number> {
  const groups = new Map(
    (await api<AlarmGroupListReply>('GET', '/alarm/group/list', token)).list.map((g) => [g.name, g.id]),
  );
  let added = 0;
  for (const [templateName, rules] of Object.entries(RULES)) {
    const templateId = templates.get(templateName);
    if (templateId === undefined) continue;
    const detail = await api<TemplateDetail>('GET', `/template/detail?id=${templateId}`, token);
    const tagIds = new Map(detail.tags.map((t) => [t.name, t.id]));
    const existing = await api<AlarmRuleListReply>(
      'GET',
      `/alarm/rule/list?template_id=${templateId}&page_size=300`,
      token,
    );
    const names = new Set(existing.list.map((r) => r.name));
    for (const { tag, group, ...rule } of rules) {
      const tagId = tagIds.get(tag);
      if (names.has(rule.name) || tagId === undefined) continue;
      let groupId = groups.get(group);
      if (groupId === undefined) {
        groupId = (await api<{ id: number }>('POST', '/alarm/group/add', token, { name: group })).id;
        groups.set(group, groupId);
      }
      await api('POST', '/alarm/rule/add', token, {
        ...rule,
        template_id: templateId,
        tag_id: tagId,
        group_id: groupId,
      });
      added++;
    }
  }
  return added;
}
