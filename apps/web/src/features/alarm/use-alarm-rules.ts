import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmRuleEditBody, AlarmRuleInput } from '@hmi/domain';
import { alarmApi, alarmKeys } from './alarm.api.ts';

/** Every rule of a template (at most 300) with the template's count and limit. */
export function useAlarmRules(templateId: number | undefined) {
  return useQuery({
    queryKey: alarmKeys.rules(templateId ?? 0),
    queryFn: ({ signal }) => alarmApi.rules(templateId!, signal),
    enabled: templateId !== undefined,
  });
}

/** Rule changes refresh the rules and the groups (their rule counts). */
export function useAlarmRuleMutations() {
  const client = useQueryClient();
  const invalidate = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: alarmKeys.rulesAll }),
      client.invalidateQueries({ queryKey: alarmKeys.groups }),
    ]);
  return {
    add: useMutation({ mutationFn: (b: AlarmRuleInput) => alarmApi.addRule(b), onSuccess: invalidate }),
    edit: useMutation({ mutationFn: (b: AlarmRuleEditBody) => alarmApi.editRule(b), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (ids: number[]) => alarmApi.deleteRules(ids), onSuccess: invalidate }),
    import: useMutation({
      mutationFn: (v: { templateId: number; file: File }) =>
        alarmApi.importRules(v.templateId, v.file, v.file.name),
      onSuccess: invalidate,
    }),
  };
}
