import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TemplateListQuery } from '@hmi/domain';
import { templateApi, templateKeys } from './template.api.ts';

/** One page of the template list. */
export function useTemplateList(query: TemplateListQuery, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => templateApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The team's templates for pickers and filters (teams have few; the first 200 by name). */
export function useTemplateOptions(enabled = true) {
  const query = useQuery({
    queryKey: templateKeys.options,
    queryFn: ({ signal }) => templateApi.list({ page: 1, page_size: 200 }, signal),
    enabled,
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
