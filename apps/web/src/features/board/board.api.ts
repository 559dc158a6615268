import { BoardPaths, type BoardReply, type BoardSaveBody } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Data board calls (contract: packages/domain/src/api/board.api.ts). */
export const boardApi = {
  get: () => http.get<BoardReply>(BoardPaths.get),
  save: (body: BoardSaveBody) => http.post<BoardReply>(BoardPaths.save, body),
  /** A first board from the caller's devices (not saved). */
  suggestion: () => http.get<BoardReply>(BoardPaths.suggestion),
};

export const boardKeys = { board: ['board'] as const, suggestion: ['board', 'suggestion'] as const };
