import { useCallback, useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { assetContentType, type AssetKind } from '@hmi/domain';

/*
 * Object URLs of a project's pictures and drawings for a screen (the designer's canvas and
 * preview, the running screen, a share viewer's screen). The file calls carry a token an <img src>
 * cannot send (the session's, or a viewer's X-Share-Token), so the bytes are fetched and shown
 * through blob URLs, revoked when they go.
 */

/** Where the bytes of an asset come from (its cache key and its call). */
export interface AssetFiles {
  key(assetId: number): readonly unknown[];
  fetch(assetId: number, signal: AbortSignal): Promise<ArrayBuffer>;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The content type of an uploaded asset by its first bytes (PNG, JPEG, else a drawing: the server
 * takes only these three kinds). A blob URL serves its Blob's type, and an SVG is shown only as
 * image/svg+xml.
 */
export function sniffAssetKind(data: ArrayBuffer): AssetKind {
  const head = new Uint8Array(data, 0, Math.min(8, data.byteLength));
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  return 'svg';
}

/**
 * The URL of each asset `assetIds` names ('' while it loads or when it failed: the widgets show
 * their placeholder). `known` (the project's asset list, when the caller has it) leaves out ids
 * the project no longer has and gives their kinds; without it the kind is read from the bytes.
 * The answer is a stable function while the set of loaded URLs is unchanged.
 */
export function useAssetUrls(
  files: AssetFiles,
  assetIds: readonly number[],
  known?: ReadonlyMap<number, AssetKind>,
): (assetId: number) => string {
  const wanted = known ? assetIds.filter((id) => known.has(id)) : [...new Set(assetIds)];
  const results = useQueries({
    queries: wanted.map((id) => ({
      queryKey: files.key(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => files.fetch(id, signal),
      staleTime: Infinity,
      retry: 1,
    })),
  });
  const loadedKey = wanted.filter((_, i) => results[i]?.data instanceof ArrayBuffer).join(',');
  const [urls, setUrls] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    const next = new Map<number, string>();
    wanted.forEach((id, i) => {
      const data = results[i]?.data;
      if (!(data instanceof ArrayBuffer)) return;
      const kind = known?.get(id) ?? sniffAssetKind(data);
      next.set(id, URL.createObjectURL(new Blob([data], { type: assetContentType[kind] })));
    });
    setUrls(next);
    return () => next.forEach((url) => URL.revokeObjectURL(url));
    // The loaded set (loadedKey) decides; the arrays are new objects on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedKey, known]);
  return useCallback((assetId: number) => urls.get(assetId) ?? '', [urls]);
}
