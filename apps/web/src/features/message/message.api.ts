import { MessagePaths, type MessageListReply, type MessageQuery, type MessageSetReadBody } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Message centre calls (contract: packages/domain/src/api/message.api.ts). */
export const messageApi = {
  list: (query: MessageQuery, signal?: AbortSignal) =>
    http.get<MessageListReply>(MessagePaths.query, { params: query, ...signalOf(signal) }),
  /** Today's messages from the caller's midnight (`tz` = offset from UTC in hours), newest first. */
  today: (tz: number, signal?: AbortSignal) =>
    http.get<MessageListReply>(MessagePaths.today, { params: { tz }, ...signalOf(signal) }),
  setRead: (body: MessageSetReadBody) => http.post<{ updated: number }>(MessagePaths.setRead, body),
};

/**
 * Query keys: every one starts with 'messages', so a notify frame (new message, read change,
 * alarm event) refreshes every message list at once.
 */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  list: (query: MessageQuery) => ['messages', 'list', query] as const,
  today: ['messages', 'today'] as const,
};
