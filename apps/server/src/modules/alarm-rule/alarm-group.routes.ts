import {
  alarmGroup,
  alarmGroupAddBody,
  alarmGroupEditBody,
  alarmGroupListReply,
  AlarmPaths,
  envelope,
  idQuery,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /alarm/group: the team's alarm groups (alarm permission 44). */
export const alarmGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alarmGroups: groups } = app.services;
  const alarm = requirePermission(Perm.DeviceAlarm);

  app.get(
    AlarmPaths.groupList,
    { preHandler: alarm, schema: { response: { 200: envelope(alarmGroupListReply) } } },
    async (request) => ok(await groups.list(requireUser(request))),
  );

  app.post(
    AlarmPaths.groupAdd,
    { preHandler: alarm, schema: { body: alarmGroupAddBody, response: { 200: envelope(alarmGroup) } } },
    async (request) => ok(await groups.add(requireUser(request), request.body.name)),
  );

  app.post(
    AlarmPaths.groupEdit,
    { preHandler: alarm, schema: { body: alarmGroupEditBody, response: { 200: envelope(alarmGroup) } } },
    async (request) => ok(await groups.rename(requireUser(request), request.body.id, request.body.name)),
  );

  app.post(
    AlarmPaths.groupDelete,
    { preHandler: alarm, schema: { body: idQuery, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await groups.delete(requireUser(request), request.body.id);
      return ok(null);
    },
  );
};
