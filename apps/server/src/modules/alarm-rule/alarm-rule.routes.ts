import {
  alarmIdsBody,
  AlarmPaths,
  alarmRule,
  alarmRuleEditBody,
  alarmRuleInput,
  alarmRuleListQuery,
  alarmRuleListReply,
  Perm,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';
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
  entityRoutes(app, [
    read({
      path: AlarmPaths.ruleList,
      permission: Perm.DeviceAlarm,
      query: alarmRuleListQuery,
      reply: alarmRuleListReply,
      run: (caller, query) => rules.list(caller, query),
    }),
    write({
      path: AlarmPaths.ruleAdd,
      permission: Perm.DeviceAlarm,
      body: alarmRuleInput,
      reply: alarmRule,
      run: (caller, body) => rules.add(caller, body),
    }),
    write({
      path: AlarmPaths.ruleEdit,
      permission: Perm.DeviceAlarm,
      body: alarmRuleEditBody,
      reply: alarmRule,
      run: (caller, body) => rules.edit(caller, body),
    }),
    remove({
      path: AlarmPaths.ruleDelete,
      permission: Perm.DeviceAlarm,
      body: alarmIdsBody,
      run: (caller, body) => rules.delete(caller, body.ids),
    }),
  ]);
};
