import { useEffect } from 'react';

/*
 * A running screen follows its saves: the project's summary (read again every minute by the
 * runtime and the share viewer) names each screen's version; when it names a newer one than the
 * screen shown, the screen is read again. A wall display left running for weeks then shows what
 * the designer saved within a minute, without a reload; the old screen stays until the new one
 * has arrived.
 */
export function useFollowScreen(
  shown: { version: number } | undefined,
  latest: number | undefined,
  refetch: () => unknown,
): void {
  const version = shown?.version;
  useEffect(() => {
    if (version !== undefined && latest !== undefined && latest > version) void refetch();
  }, [version, latest, refetch]);
}
