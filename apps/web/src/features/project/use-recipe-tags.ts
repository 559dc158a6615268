import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { Perm, type HistoryTagsReply, type MonitorListReply } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { historyApi, historyKeys } from '../history/index.ts';
import { isWritable, monitorApi, monitorKeys } from '../monitor/index.ts';

/** A device's tag as a recipe item picks it. */
export interface RecipeTag {
  id: number;
  name: string;
  data_type: number;
  unit: string;
  /** Whether the console may write it; undefined when the caller cannot read that (see below). */
  writable: boolean | undefined;
}

const TAG_STALE_MS = 60_000;
const NO_TAGS: RecipeTag[] = [];

const fromMonitor = (r: MonitorListReply): RecipeTag[] =>
  r.tags.map((t) => ({
    id: t.tag_id,
    name: t.name,
    data_type: t.data_type,
    unit: t.unit,
    writable: isWritable(t.rw),
  }));
const fromHistory = (r: HistoryTagsReply): RecipeTag[] =>
  r.tags.map((t) => ({ id: t.id, name: t.name, data_type: t.data_type, unit: t.unit, writable: undefined }));

/*
 * Where a device's tags come from: the calls the console already makes (and caches, raw, under
 * their own keys) for them. The data monitor's list (monitor 47) carries each tag's read/write
 * type, so a recipe offers only the writable ones; without 47, the history screen's list (device
 * view 2: the same tags, template then monitor points, without the read/write type), and the
 * server refuses a read-only tag (`validation.recipeItem.readOnly`, under the row's tag).
 */
const monitorTags = (deviceId: number) =>
  queryOptions({
    queryKey: monitorKeys.list(deviceId),
    queryFn: ({ signal }) => monitorApi.list(deviceId, signal),
    select: fromMonitor,
    staleTime: TAG_STALE_MS,
  });
const historyTags = (deviceId: number) =>
  queryOptions({
    queryKey: historyKeys.tags(deviceId),
    queryFn: ({ signal }) => historyApi.tags(deviceId, signal),
    select: fromHistory,
    staleTime: TAG_STALE_MS,
  });

/** Only the tags a recipe may write (all of them when the read/write type is not known). */
export const writableTags = (tags: readonly RecipeTag[]): RecipeTag[] =>
  tags.filter((t) => t.writable !== false);

/** One device's tags (none while no device is chosen or they load). */
export function useRecipeTags(deviceId: number | undefined) {
  const monitor = usePermission()(Perm.DeviceMonitor);
  const id = deviceId ?? 0;
  const m = useQuery({ ...monitorTags(id), enabled: deviceId !== undefined && monitor });
  const h = useQuery({ ...historyTags(id), enabled: deviceId !== undefined && !monitor });
  const q = monitor ? m : h;
  return { tags: q.data ?? NO_TAGS, loading: deviceId !== undefined && q.isPending, failed: q.isError };
}

type TagMap = Map<number, readonly RecipeTag[]>;
const byDevice =
  (ids: readonly number[]) =>
  (results: { data?: RecipeTag[] | undefined }[]): TagMap =>
    new Map(ids.map((id, i) => [id, results[i]?.data ?? NO_TAGS]));

/** The tags of several devices by device id (the apply results name each item's tag). */
export function useRecipeTagMap(deviceIds: readonly number[]): TagMap {
  const monitor = usePermission()(Perm.DeviceMonitor);
  const m = useQueries({
    queries: monitor ? deviceIds.map(monitorTags) : [],
    combine: byDevice(deviceIds),
  });
  const h = useQueries({
    queries: monitor ? [] : deviceIds.map(historyTags),
    combine: byDevice(deviceIds),
  });
  return monitor ? m : h;
}
