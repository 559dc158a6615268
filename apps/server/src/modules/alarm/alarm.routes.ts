import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /alarm/record, /alarm/device/status and the SPEC's alarm message list and export (issue 6). */
export const alarmRoutes: FastifyPluginAsyncZod = async () => {};
