import {
  alarmAckReply,
  alarmDeviceStatus,
  alarmDeviceStatusQuery,
  alarmExportBody,
  alarmAckBody,
  AlarmPaths,
  alarmRecordListReply,
  alarmRecordQuery,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../plugins/auth.ts';
import { entityRoutes, read, route, write } from '../../plugins/entity-routes.ts';
import { alarmXlsx } from './alarm.export.ts';

/**
 * /alarm/record (list, acknowledge: alarm 44), /alarm/device/status (monitor 47) and the SPEC's
 * alarm message list and its xlsx export (every signed-in user, limited to their data scope).
 */
export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alarms } = app.services;

  entityRoutes(app, [
    read({
      path: AlarmPaths.recordList,
      permission: Perm.DeviceAlarm,
      query: alarmRecordQuery,
      reply: alarmRecordListReply,
      run: (caller, query) => alarms.list(caller, query),
    }),
    write({
      path: AlarmPaths.recordAck,
      permission: Perm.DeviceAlarm,
      body: alarmAckBody,
      reply: alarmAckReply,
      run: async (caller, body) => ({ acked: await alarms.ack(caller, body.ids, body.comment) }),
    }),
    read({
      path: AlarmPaths.deviceStatus,
      permission: Perm.DeviceMonitor,
      query: alarmDeviceStatusQuery,
      reply: alarmDeviceStatus,
      run: (caller, query) => alarms.deviceStatus(caller, query.device_id),
    }),
    route({
      method: 'GET',
      path: AlarmPaths.messageList,
      access: 'signedIn',
      query: alarmRecordQuery,
      reply: alarmRecordListReply,
      run: ({ caller, query }) => alarms.list(caller, query),
    }),
  ]);

  // A file download (xlsx), not a JSON reply: written by hand (docs/architecture.md).
  app.post(
    AlarmPaths.askAlarms,
    { preHandler: signedIn, schema: { body: alarmExportBody } },
    async (request, reply) => {
      const caller = requireUser(request);
      const { tz, ...filter } = request.body;
      const { rows, total } = await alarms.exportRows(caller, filter);
      const body = await alarmXlsx(rows, tz, await alarms.langOf(caller));
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      reply.header('content-disposition', `attachment; filename="alarms-${stamp}.xlsx"`);
      // The sheet holds the newest AlarmLimits.exportRows records; these say how many matched.
      reply.header('x-total-count', String(total));
      reply.header('x-exported-count', String(rows.length));
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(body);
    },
  );
};
