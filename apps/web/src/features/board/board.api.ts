import { BoardPaths, type BoardReply, type BoardSaveBody } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Data board calls (contract: packages/domain/src/api/board.api.ts). */
export const boardApi = {
  get: () => http.get<BoardReply>(BoardPaths.get),
  save: (body: BoardSaveBody) => http.post<BoardReply>(BoardPaths.save, body),
};

export const boardKeys = { board: ['board'] as const };
