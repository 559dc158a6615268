import {
  alarmGroup,
  alarmGroupAddBody,
  alarmGroupEditBody,
  alarmGroupListReply,
  AlarmPaths,
  idQuery,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /alarm/group: the team's alarm groups (alarm permission 44). */
export const alarmGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alarmGroups: groups } = app.services;
  const permission = Perm.DeviceAlarm;

  entityRoutes(app, [
    read({
      path: AlarmPaths.groupList,
      permission,
      reply: alarmGroupListReply,
      run: (caller) => groups.list(caller),
    }),
    write({
      path: AlarmPaths.groupAdd,
      permission,
      body: alarmGroupAddBody,
      reply: alarmGroup,
      run: (caller, body) => groups.add(caller, body.name),
    }),
    write({
      path: AlarmPaths.groupEdit,
      permission,
      body: alarmGroupEditBody,
      reply: alarmGroup,
      run: (caller, body) => groups.rename(caller, body.id, body.name),
    }),
    remove({
      path: AlarmPaths.groupDelete,
      permission,
      body: idQuery,
      run: (caller, body) => groups.delete(caller, body.id),
    }),
  ]);
};
