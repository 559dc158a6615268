import { useQuery } from '@tanstack/react-query';
import { Limits } from '@hmi/domain';
import { labelApi, labelKeys } from './label.api.ts';

/** The team's labels (name order) and the team limit. */
export function useLabels(enabled = true) {
  const query = useQuery({ queryKey: labelKeys.list, queryFn: labelApi.list, enabled, staleTime: 10_000 });
  return { ...query, list: query.data?.list ?? [], max: query.data?.max ?? Limits.labelMax };
}
