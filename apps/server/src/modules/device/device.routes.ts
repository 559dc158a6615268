import {
  deviceBindBody,
  deviceBulkReply,
  deviceDetail,
  deviceEditBody,
  deviceIdsBody,
  deviceLabelsBody,
  deviceListQuery,
  deviceListReply,
  deviceMoveBody,
  deviceOverview,
  DevicePaths,
  deviceTemplateBody,
  envelope,
  idQuery,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /device: the device list and its actions (SPEC devicelist: view 2, bind 3, edit 4, delete 5). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devices } = app.services;
  const view = requirePermission(Perm.DeviceView);
  const edit = requirePermission(Perm.DeviceEdit);
  const bulk = { response: { 200: envelope(deviceBulkReply) } };

  app.get(
    DevicePaths.list,
    {
      preHandler: view,
      schema: { querystring: deviceListQuery, response: { 200: envelope(deviceListReply) } },
    },
    async (request) => ok(await devices.list(requireUser(request), request.query)),
  );

  app.get(
    DevicePaths.overview,
    { preHandler: view, schema: { response: { 200: envelope(deviceOverview) } } },
    async (request) => ok(await devices.overview(requireUser(request))),
  );

  app.get(
    DevicePaths.detail,
    { preHandler: view, schema: { querystring: idQuery, response: { 200: envelope(deviceDetail) } } },
    async (request) => ok(await devices.detail(requireUser(request), request.query.id)),
  );

  app.post(
    DevicePaths.bind,
    {
      preHandler: requirePermission(Perm.DeviceBind),
      schema: { body: deviceBindBody, response: { 200: envelope(deviceDetail) } },
    },
    async (request) => ok(await devices.bind(requireUser(request), request.body, request.ip)),
  );

  app.post(
    DevicePaths.edit,
    { preHandler: edit, schema: { body: deviceEditBody, response: { 200: envelope(deviceDetail) } } },
    async (request) => ok(await devices.edit(requireUser(request), request.body)),
  );

  app.post(
    DevicePaths.move,
    { preHandler: edit, schema: { body: deviceMoveBody, ...bulk } },
    async (request) =>
      ok({ count: await devices.move(requireUser(request), request.body.ids, request.body.group_id) }),
  );

  app.post(
    DevicePaths.labels,
    { preHandler: edit, schema: { body: deviceLabelsBody, ...bulk } },
    async (request) => ok({ count: await devices.setLabels(requireUser(request), request.body) }),
  );

  app.post(
    DevicePaths.template,
    { preHandler: edit, schema: { body: deviceTemplateBody, ...bulk } },
    async (request) =>
      ok({
        count: await devices.assignTemplate(requireUser(request), request.body.ids, request.body.template_id),
      }),
  );

  app.post(
    DevicePaths.unbind,
    { preHandler: requirePermission(Perm.DeviceDelete), schema: { body: deviceIdsBody, ...bulk } },
    async (request) => ok({ count: await devices.unbind(requireUser(request), request.body.ids) }),
  );
};
