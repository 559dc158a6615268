import { z } from 'zod';

/** Every HTTP reply of /v1 is this envelope; `code` 0 is success (SPEC section 7). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), data, msg: z.string() });

export type Envelope<T> = { code: number; data: T; msg: string };

/** The versioned prefix of every HTTP route and socket. */
export const API_BASE = '/v1';

/** The `data` of a reply that answers nothing (`{ code: 0, data: null, msg }`). */
export const emptyReply = z.null();
