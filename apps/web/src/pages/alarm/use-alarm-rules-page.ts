import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRule } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import {
  useTemplateDetail,
  useTemplateList,
  useTemplateOptions,
} from '../../features/template/use-templates.ts';
import { useAlarmRuleMutations, useAlarmRules } from '../../features/alarm/use-alarm-rules.ts';
import { useRuleFiles } from '../../features/alarm/use-rule-files.ts';
import { matchesRule } from '../../features/alarm/rule-filter.ts';
import { positiveParam, withRulesParam } from './alarm-rules-params.ts';

/** The template the link names (else the team's first), its tags and rules, the filters, selection and deletes. */
export function useAlarmRulesPage(allowed: boolean) {
  const { t } = useTranslation('alarm');
  const [search, setSearch] = useSearchParams();
  const templates = useTemplateOptions(allowed);
  const templateId = positiveParam(search.get('templateid'));
  const groupId = positiveParam(search.get('group'));

  // No template in the link: the first of the team's, without a history entry.
  const first = templates.list[0]?.id;
  useEffect(() => {
    if (templateId === undefined && first !== undefined)
      setSearch({ templateid: String(first) }, { replace: true });
  }, [templateId, first, setSearch]);

  // A linked template is looked up through the list first: one the user may not see is a note.
  const linked = useTemplateList(
    { page: 1, page_size: 1, templateid: templateId ?? 0 },
    allowed && templateId !== undefined,
  );
  const template = linked.data?.list.find((tpl) => tpl.id === templateId);
  const missing = templateId !== undefined && linked.isSuccess && !linked.isPlaceholderData && !template;
  const detail = useTemplateDetail(template?.id);
  const tags = useMemo(() => detail.data?.tags ?? [], [detail.data]);
  const tagTypes = useMemo(() => new Map(tags.map((tg) => [tg.id, tg.data_type])), [tags]);

  const rules = useAlarmRules(template?.id);
  const reply = rules.data;
  const [text, setText] = useState('');
  const visible = useMemo(
    () => (reply?.list ?? []).filter((r) => matchesRule(r, { groupId, text })),
    [reply, groupId, text],
  );
  const full = reply ? reply.count >= reply.max : false;

  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ rule?: AlarmRule }>();
  const [groupsOpen, setGroupsOpen] = useState(false);
  const { remove } = useAlarmRuleMutations();
  const files = useRuleFiles(template?.id, template?.name ?? '');
  const [modal, modalHolder] = Modal.useModal();

  useEffect(() => setSelected([]), [templateId]);
  const setParam = (key: 'templateid' | 'group', value: number | undefined) =>
    setSearch(withRulesParam(search, key, value), { replace: true });

  const confirmDelete = useCallback(
    (ids: number[], name?: string) =>
      void modal.confirm({
        title: name ? t('rule.deleteOne', { name }) : t('rule.deleteMany', { count: ids.length }),
        content: t('rule.deleteText'),
        okText: t('delete'),
        okButtonProps: { danger: true, 'data-testid': 'alarm-rule-delete-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        onOk: () =>
          remove.mutateAsync(ids).then(() => {
            successToast(t('rule.deleted', { count: ids.length }));
            setSelected((s) => s.filter((id) => !ids.includes(id)));
          }, toastFailure),
      }),
    [modal, remove, t],
  );
  const onDelete = useCallback((r: AlarmRule) => confirmDelete([r.id], r.name), [confirmDelete]);
  const onEdit = useCallback((rule: AlarmRule) => setEditing({ rule }), []);

  return {
    templates,
    templateId,
    groupId,
    setParam,
    template,
    missing,
    detail,
    tags,
    tagTypes,
    rules,
    reply,
    text,
    setText,
    visible,
    full,
    selected,
    setSelected,
    editing,
    setEditing,
    groupsOpen,
    setGroupsOpen,
    files,
    modalHolder,
    confirmDelete,
    onDelete,
    onEdit,
  };
}

export type AlarmRulesPageState = ReturnType<typeof useAlarmRulesPage>;
