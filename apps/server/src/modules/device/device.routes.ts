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
  idQuery,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, route, write } from '../../plugins/entity-routes.ts';

/** /device: the device list and its actions (SPEC devicelist: view 2, bind 3, edit 4, delete 5). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devices } = app.services;

  entityRoutes(app, [
    read({
      path: DevicePaths.list,
      permission: Perm.DeviceView,
      query: deviceListQuery,
      reply: deviceListReply,
      run: (caller, query) => devices.list(caller, query),
    }),
    read({
      path: DevicePaths.overview,
      permission: Perm.DeviceView,
      reply: deviceOverview,
      run: (caller) => devices.overview(caller),
    }),
    read({
      path: DevicePaths.detail,
      permission: Perm.DeviceView,
      query: idQuery,
      reply: deviceDetail,
      run: (caller, query) => devices.detail(caller, query.id),
    }),
    route({
      method: 'POST',
      path: DevicePaths.bind,
      access: Perm.DeviceBind,
      body: deviceBindBody,
      reply: deviceDetail,
      run: ({ caller, body, request }) => devices.bind(caller, body, request.ip),
    }),
    write({
      path: DevicePaths.edit,
      permission: Perm.DeviceEdit,
      body: deviceEditBody,
      reply: deviceDetail,
      run: (caller, body) => devices.edit(caller, body),
    }),
    write({
      path: DevicePaths.move,
      permission: Perm.DeviceEdit,
      body: deviceMoveBody,
      reply: deviceBulkReply,
      run: async (caller, body) => ({ count: await devices.move(caller, body.ids, body.group_id) }),
    }),
    write({
      path: DevicePaths.labels,
      permission: Perm.DeviceEdit,
      body: deviceLabelsBody,
      reply: deviceBulkReply,
      run: async (caller, body) => ({ count: await devices.setLabels(caller, body) }),
    }),
    write({
      path: DevicePaths.template,
      permission: Perm.DeviceEdit,
      body: deviceTemplateBody,
      reply: deviceBulkReply,
      run: async (caller, body) => ({
        count: await devices.assignTemplate(caller, body.ids, body.template_id),
      }),
    }),
    write({
      path: DevicePaths.unbind,
      permission: Perm.DeviceDelete,
      body: deviceIdsBody,
      reply: deviceBulkReply,
      run: async (caller, body) => ({ count: await devices.unbind(caller, body.ids) }),
    }),
  ]);
};
