import {
  alarmAckReply,
  alarmDeviceStatus,
  alarmDeviceStatusQuery,
  alarmExportBody,
  alarmAckBody,
  AlarmPaths,
  alarmRecordListReply,
  alarmRecordQuery,
  envelope,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth.ts';
import { alarmXlsx } from './alarm.export.ts';

/**
 * /alarm/record (list, acknowledge: alarm 44), /alarm/device/status (monitor 47) and the SPEC's
 * alarm message list and its xlsx export (every signed-in user, limited to their data scope).
 */
export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alarms } = app.services;
  const alarm = requirePermission(Perm.DeviceAlarm);
  const listSchema = { querystring: alarmRecordQuery, response: { 200: envelope(alarmRecordListReply) } };

  app.get(AlarmPaths.recordList, { preHandler: alarm, schema: listSchema }, async (request) =>
    ok(await alarms.list(requireUser(request), request.query)),
  );

  app.post(
    AlarmPaths.recordAck,
    { preHandler: alarm, schema: { body: alarmAckBody, response: { 200: envelope(alarmAckReply) } } },
    async (request) =>
      ok({ acked: await alarms.ack(requireUser(request), request.body.ids, request.body.comment) }),
  );

  app.get(
    AlarmPaths.deviceStatus,
    {
      preHandler: requirePermission(Perm.DeviceMonitor),
      schema: { querystring: alarmDeviceStatusQuery, response: { 200: envelope(alarmDeviceStatus) } },
    },
    async (request) => ok(await alarms.deviceStatus(requireUser(request), request.query.device_id)),
  );

  app.get(AlarmPaths.messageList, { preHandler: signedIn, schema: listSchema }, async (request) =>
    ok(await alarms.list(requireUser(request), request.query)),
  );

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
