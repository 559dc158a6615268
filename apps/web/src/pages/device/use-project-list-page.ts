import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectItem, ProjectListQuery } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useProjectList } from '../../features/project/use-projects.ts';
import { useDeleteProject } from '../../features/project/use-project-mutations.ts';
import { linkedProjectId } from '../../features/project/project-links.ts';

const PAGE_SIZE = 20;

/**
 * The project list's state: the search (in the URL), the page, the project a `?projectid=` link
 * names (the list shows only it and its detail opens once the list says the user may see it; an
 * empty answer is a note), the detail panel, the editor and deleting.
 */
export function useProjectListPage() {
  const { t } = useTranslation('project');
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [detailId, setDetailId] = useState<number>();
  const [editing, setEditing] = useState<number | 'new'>();
  const { mutateAsync: removeProject } = useDeleteProject();
  const [modal, holder] = Modal.useModal();
  const search = params.get('search') ?? undefined;
  const linked = linkedProjectId(params.get('projectid'));

  const query: ProjectListQuery = { page, page_size: pageSize };
  if (search) query.search = search;
  if (linked !== undefined) query.projectid = linked;
  const list = useProjectList(query);
  const settled = list.isSuccess && !list.isPlaceholderData;
  const found = linked !== undefined && settled && list.data.list.some((p) => p.id === linked);
  const missing = linked !== undefined && settled && !found;

  // A link opens its project once, when the list first shows it.
  const opened = useRef<number>(undefined);
  useEffect(() => {
    if (!found || opened.current === linked) return;
    opened.current = linked;
    setDetailId(linked);
  }, [found, linked]);

  const setParam = useCallback(
    (key: 'search' | 'projectid', value: string | undefined) => {
      setPage(1);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const onSearch = useCallback((v: string | undefined) => setParam('search', v), [setParam]);
  const clearLinked = useCallback(() => setParam('projectid', undefined), [setParam]);
  const onPage = useCallback(
    (next: number, size: number) => {
      setPage(size === pageSize ? next : 1);
      setPageSize(size);
    },
    [pageSize],
  );

  const confirmDelete = useCallback(
    (p: ProjectItem) =>
      void modal.confirm({
        title: t('delete.title', { name: p.name }),
        content: p.screen_count > 0 ? t('delete.withScreens', { count: p.screen_count }) : t('delete.text'),
        okText: t('delete.submit'),
        okButtonProps: { danger: true, 'data-testid': 'project-delete-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        onOk: () =>
          removeProject(p.id).then(() => {
            setDetailId((d) => (d === p.id ? undefined : d));
            successToast(t('delete.done', { name: p.name }));
          }),
      }),
    [modal, removeProject, t],
  );

  return {
    holder,
    list,
    page,
    pageSize,
    onPage,
    search,
    onSearch,
    linked,
    missing,
    clearLinked,
    detailId,
    openDetail: useCallback((id: number) => setDetailId(id), []),
    closeDetail: useCallback(() => setDetailId(undefined), []),
    editing,
    openEditor: useCallback((id: number | 'new') => setEditing(id), []),
    closeEditor: useCallback(() => setEditing(undefined), []),
    confirmDelete,
  };
}
