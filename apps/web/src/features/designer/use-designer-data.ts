import { createContext, useContext, useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  type HistoryTag,
  type ProjectAsset,
  type ProjectDevice,
  type ProjectScreenSummary,
} from '@hmi/domain';
import { historyApi, historyKeys } from '../history/index.ts';
import { sessionAssetFiles, useAssetUrls as useScadaAssetUrls } from '../scada/index.ts';
import { designerApi, designerKeys } from './designer.api.ts';

/*
 * What the designer reads besides the screen: its project (devices and screens), the tags of a
 * device (the history screen's call and cache: a template's tags, then the monitor points),
 * the project's uploaded pictures and drawings (and object URLs of their bytes for the canvas)
 * and recipes. The panels get the project through DesignerContext.
 */

/** What the property panel's pickers offer (the page provides it). */
export interface DesignerData {
  projectId: number;
  screenId: number;
  devices: readonly ProjectDevice[];
  screens: readonly ProjectScreenSummary[];
  readOnly: boolean;
}

export const DesignerContext = createContext<DesignerData | null>(null);

export function useDesignerData(): DesignerData {
  const data = useContext(DesignerContext);
  if (!data) throw new Error('useDesignerData outside DesignerContext');
  return data;
}

const NO_TAGS: HistoryTag[] = [];
const TAG_STALE_MS = 60_000;

const tagsQuery = (deviceId: number) => ({
  queryKey: historyKeys.tags(deviceId),
  queryFn: ({ signal }: { signal: AbortSignal }) => historyApi.tags(deviceId, signal),
  staleTime: TAG_STALE_MS,
});

/** A device's tags (none while no device is chosen or they load). */
export function useDeviceTags(deviceId: number | undefined) {
  const q = useQuery({ ...tagsQuery(deviceId ?? 0), enabled: deviceId !== undefined });
  return { tags: q.data?.tags ?? NO_TAGS, loading: deviceId !== undefined && q.isPending, failed: q.isError };
}

export function useProject(projectId: number | undefined) {
  return useQuery({
    queryKey: designerKeys.project(projectId ?? 0),
    queryFn: () => designerApi.project(projectId ?? 0),
    enabled: projectId !== undefined,
    staleTime: 30_000,
  });
}

const NO_ASSETS: ProjectAsset[] = [];

/** The project's uploads (asked only while `enabled`: a screen without pictures needs none). */
export function useAssets(projectId: number, enabled = true) {
  const q = useQuery({
    queryKey: designerKeys.assets(projectId),
    queryFn: () => designerApi.assets(projectId),
    staleTime: 30_000,
    enabled,
  });
  return { assets: q.data?.list ?? NO_ASSETS, loading: q.isPending, refetch: q.refetch };
}

export function useRecipes(projectId: number) {
  const q = useQuery({
    queryKey: designerKeys.recipes(projectId),
    queryFn: () => designerApi.recipes(projectId),
    staleTime: 30_000,
  });
  return q.data?.list ?? [];
}

/**
 * Object URLs of the project's assets that `assetIds` names, for the canvas and the preview
 * (features/scada's useAssetUrls over the project's asset list: an id the project no longer has
 * is not asked for).
 */
export function useAssetUrls(projectId: number, assetIds: readonly number[]): (assetId: number) => string {
  const { assets } = useAssets(projectId, assetIds.length > 0);
  const kinds = useMemo(() => new Map(assets.map((a) => [a.id, a.kind])), [assets]);
  return useScadaAssetUrls(sessionAssetFiles, assetIds, kinds);
}

/**
 * "Device · tag" for the bindings of a document (by "deviceId:tagId"), from the project's
 * devices and the tags of the devices bound; a name not known yet is left out (the widget then
 * names the ids).
 */
export function useBindingNames(devices: readonly ProjectDevice[], deviceIds: readonly number[]) {
  const tagLists = useQueries({ queries: deviceIds.map((id) => tagsQuery(id)) });
  const stamp = tagLists.map((q) => q.dataUpdatedAt).join(',');
  return useMemo(() => {
    const names = new Map<string, string>();
    const deviceName = new Map(devices.map((d) => [d.id, d.name]));
    deviceIds.forEach((deviceId, i) => {
      const device = deviceName.get(deviceId);
      for (const tag of tagLists[i]?.data?.tags ?? [])
        names.set(`${deviceId}:${tag.id}`, device ? `${device} · ${tag.name}` : tag.name);
    });
    return names;
    // `stamp` tells when a tag list changed; the query results are new arrays on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [devices, deviceIds.join(','), stamp]);
}
