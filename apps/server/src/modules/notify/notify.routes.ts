import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The notify socket (/ws/notify) and the notification settings calls (issue 6). */
export const notifyRoutes: FastifyPluginAsyncZod = async () => {};
