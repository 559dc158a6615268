import { useEffect, useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useTemplateList } from '../../features/template/use-templates.ts';
import { useDeleteTemplate } from '../../features/template/use-template-mutations.ts';
import { linkedTemplateId, templateEditorTarget } from '../../features/template/template-link.ts';

export const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 350;

/** The template list's state: the page, the debounced search, the editor the link opens, copy and delete. */
export function useTemplateListPage() {
  const { t } = useTranslation('template');
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [copying, setCopying] = useState<TemplateItem>();
  const [creating, setCreating] = useState(false);
  const remove = useDeleteTemplate();
  const [modal, holder] = Modal.useModal();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = useTemplateList({ page, page_size: PAGE_SIZE, ...(query ? { search: query } : {}) });
  const reply = list.data;
  const opened = linkedTemplateId(search.get('templateid'));
  // A link's template is looked up through the list first: one the user may not see is an
  // empty list (a note on the page), not a failed detail call.
  const linked = useTemplateList({ page: 1, page_size: 1, templateid: opened ?? 0 }, opened !== undefined);
  const { target, missing } = templateEditorTarget(opened, creating, {
    ids: linked.data?.list.map((tpl) => tpl.id),
    settled: linked.isSuccess && !linked.isPlaceholderData,
  });
  const limitReached = reply ? reply.count >= reply.max : false;

  const open = (id: number) => setSearch({ templateid: String(id) });
  const closeEditor = () => {
    setCreating(false);
    if (search.has('templateid')) setSearch({}, { replace: true });
  };

  const confirmDelete = (tpl: TemplateItem) =>
    void modal.confirm({
      title: t('delete.title', { name: tpl.name }),
      content: tpl.device_count > 0 ? t('delete.inUse', { count: tpl.device_count }) : t('delete.text'),
      okText: t('delete.submit'),
      okButtonProps: { danger: true, 'data-testid': 'template-delete-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () => remove.mutateAsync(tpl.id).then(() => successToast(t('delete.done', { name: tpl.name }))),
    });

  return {
    holder,
    list,
    reply,
    page,
    setPage,
    text,
    setText,
    query,
    target,
    missing,
    limitReached,
    copying,
    setCopying,
    setCreating,
    open,
    closeEditor,
    confirmDelete,
  };
}
