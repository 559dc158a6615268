import { z } from 'zod';

/** GET /v1/health (public): the process answers and the database responds. */
export const healthReply = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type HealthReply = z.infer<typeof healthReply>;

/** How one part a server depends on answered its readiness check. */
export const readyCheck = z.enum(['ok', 'down']);

/**
 * GET /v1/ready and GET /ready (public): whether this server can take work: the database answers,
 * the MQTT link is up (embedded broker listening, or connected to MQTT_URL) and the bus answers
 * (BUS_URL; in process: always). 200 with code 0 when every part is 'ok'; otherwise 503 with
 * this same object as the error's `data` (code 1005 when the database is down, else 1007).
 */
export const readyReply = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ db: readyCheck, mqtt: readyCheck, bus: readyCheck }),
});
export type ReadyReply = z.infer<typeof readyReply>;
