import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /alarm/group and /alarm/rule: alarm groups and the alarm rules of templates (issue 6). */
export const alarmRuleRoutes: FastifyPluginAsyncZod = async () => {};
