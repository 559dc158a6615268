import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardCard, BoardLayouts, BoardReply } from '@hmi/domain';
import { boardApi, boardKeys } from './board.api.ts';

/** The caller's board. */
export function useBoard() {
  return useQuery({ queryKey: boardKeys.board, queryFn: boardApi.get });
}

/**
 * Saves the whole board; the screen shows the new cards and layout at once (the cache is set
 * before the call), and the server's reply (device and tag names of new cards) replaces it.
 */
export function useSaveBoard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (next: { cards: BoardCard[]; layouts: BoardLayouts }) => boardApi.save(next),
    onMutate: (next) => {
      const prev = qc.getQueryData<BoardReply>(boardKeys.board);
      if (prev) qc.setQueryData<BoardReply>(boardKeys.board, { ...prev, ...next });
      return { prev };
    },
    onError: (_err, _next, ctx) => {
      if (ctx?.prev) qc.setQueryData(boardKeys.board, ctx.prev);
    },
    onSuccess: (reply) => qc.setQueryData(boardKeys.board, reply),
  });
}
