import { z } from 'zod';

/** GET /v1/health (public): the process answers and the database responds. */
export const healthReply = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type HealthReply = z.infer<typeof healthReply>;
