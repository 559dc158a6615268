import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Perm, type TemplateListQuery } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { templateApi, templateKeys } from './template.api.ts';

/** One page of the template list (asked only of a user who may view templates, 8). */
export function useTemplateList(query: TemplateListQuery, enabled = true) {
  const can = usePermission();
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => templateApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && can(Perm.TemplateView),
  });
}

/**
 * The team's templates for pickers and filters (teams have few; the first 200 by name); empty,
 * with no call, for a user who may not view templates (8).
 */
export function useTemplateOptions(enabled = true) {
  const can = usePermission();
  const query = useQuery({
    queryKey: templateKeys.options,
    queryFn: ({ signal }) => templateApi.list({ page: 1, page_size: 200 }, signal),
    enabled: enabled && can(Perm.TemplateView),
    staleTime: 10_000,
  });
  return { ...query, list: query.data?.list ?? [] };
}

/** One template with its tags (the editor). */
export function useTemplateDetail(id: number | undefined) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: () => templateApi.detail(id ?? 0),
    enabled: id !== undefined,
  });
}
