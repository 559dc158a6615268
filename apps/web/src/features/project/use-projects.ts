import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Perm, type ProjectListQuery } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { projectApi, projectKeys } from './project.api.ts';

/** One page of the project list (asked only of a user who may view projects, 39). */
export function useProjectList(query: ProjectListQuery, enabled = true) {
  const can = usePermission();
  return useQuery({
    queryKey: projectKeys.list(query),
    queryFn: ({ signal }) => projectApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && can(Perm.ProjectView),
  });
}

/** One project with its devices (as the caller may see them) and its screens. */
export function useProjectDetail(id: number | undefined) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? 0),
    queryFn: () => projectApi.detail(id ?? 0),
    enabled: id !== undefined,
  });
}
