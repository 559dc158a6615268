import {
  alarmIdsBody,
  AlarmPaths,
  alarmRule,
  alarmRuleEditBody,
  alarmRuleInput,
  alarmRuleListQuery,
  alarmRuleListReply,
  envelope,
  Perm,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { alarmGroupRoutes } from './alarm-group.routes.ts';
import { alarmRuleIoRoutes } from './alarm-rule-io.routes.ts';

/**
 * /alarm/group and /alarm/rule: alarm groups and the alarm rules of templates (issue 6), all
 * behind the alarm permission (Perm.DeviceAlarm, 44).
 */
export const alarmRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alarmRules: rules } = app.services;
  // The caller's language words the sheets (column names, texts); errors carry i18n keys in
  // `data` for the client to translate, like every other route's (plugins/errors.ts).
  const langOf = async (request: FastifyRequest): Promise<string | undefined> =>
    request.currentUser ? (await app.services.users.findById(request.currentUser.id))?.lang : undefined;

  await app.register(alarmGroupRoutes);
  await app.register(alarmRuleIoRoutes, { langOf });
  const alarm = requirePermission(Perm.DeviceAlarm);

  app.get(
    AlarmPaths.ruleList,
    {
      preHandler: alarm,
      schema: { querystring: alarmRuleListQuery, response: { 200: envelope(alarmRuleListReply) } },
    },
    async (request) => ok(await rules.list(requireUser(request), request.query)),
  );

  app.post(
    AlarmPaths.ruleAdd,
    { preHandler: alarm, schema: { body: alarmRuleInput, response: { 200: envelope(alarmRule) } } },
    async (request) => ok(await rules.add(requireUser(request), request.body)),
  );

  app.post(
    AlarmPaths.ruleEdit,
    { preHandler: alarm, schema: { body: alarmRuleEditBody, response: { 200: envelope(alarmRule) } } },
    async (request) => ok(await rules.edit(requireUser(request), request.body)),
  );

  app.post(
    AlarmPaths.ruleDelete,
    { preHandler: alarm, schema: { body: alarmIdsBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await rules.delete(requireUser(request), request.body.ids);
      return ok(null);
    },
  );
};
