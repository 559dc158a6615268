import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteListReply } from '@hmi/domain';
import { favouriteApi, favouriteKeys } from './favourite.api.ts';

/** The caller's favourite devices (inside their current scope). */
export function useFavourites(enabled = true) {
  return useQuery({ queryKey: favouriteKeys.list, queryFn: favouriteApi.list, enabled, staleTime: 10_000 });
}

/** Stars or unstars a device; the list is read again (with names and last values). */
export function useSetFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, on }: { deviceId: number; on: boolean }) => favouriteApi.set(deviceId, on),
    onSuccess: (state) => {
      qc.setQueryData<FavouriteListReply>(favouriteKeys.list, (prev) =>
        prev && !state.on
          ? { ...prev, list: prev.list.filter((f) => f.device_id !== state.device_id) }
          : prev,
      );
      void qc.invalidateQueries({ queryKey: favouriteKeys.list });
    },
  });
}
