import { BoardPaths, type FavouriteListReply, type FavouriteState } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Favourite device calls (contract: packages/domain/src/api/board.api.ts). */
export const favouriteApi = {
  list: () => http.get<FavouriteListReply>(BoardPaths.favourites),
  set: (deviceId: number, on: boolean) =>
    http.post<FavouriteState>(BoardPaths.favourite, { device_id: deviceId, on }),
};

export const favouriteKeys = { list: ['favourites'] as const };
