import {
  deviceZonesQuery,
  deviceZonesReply,
  Perm,
  zoneAddBody,
  zoneAssignBody,
  zoneAssignReply,
  zoneDeleteBody,
  zoneEditBody,
  zoneItem,
  zoneListReply,
  ZonePaths,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /system/safeZone: security zones (SPEC safeZone: view 33, add 30, edit 34, delete 35). */
export const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { zones } = app.services;

  entityRoutes(app, [
    read({
      path: ZonePaths.list,
      permission: Perm.SafeZoneView,
      reply: zoneListReply,
      run: (caller) => zones.list(caller),
    }),
    write({
      path: ZonePaths.add,
      permission: Perm.SafeZoneAdd,
      body: zoneAddBody,
      reply: zoneItem,
      run: (caller, body) => zones.add(caller, body.name),
    }),
    write({
      path: ZonePaths.edit,
      permission: Perm.SafeZoneEdit,
      body: zoneEditBody,
      reply: zoneItem,
      run: (caller, body) => zones.edit(caller, body.id, body.name),
    }),
    remove({
      path: ZonePaths.delete,
      permission: Perm.SafeZoneDelete,
      body: zoneDeleteBody,
      run: (caller, body) => zones.delete(caller, body.id),
    }),
    write({
      path: ZonePaths.assign,
      permission: Perm.SafeZoneEdit,
      body: zoneAssignBody,
      reply: zoneAssignReply,
      run: (caller, body) => zones.assign(caller, body),
    }),
    read({
      path: ZonePaths.deviceZones,
      permission: Perm.SafeZoneView,
      query: deviceZonesQuery,
      reply: deviceZonesReply,
      run: (caller, query) => zones.deviceZones(caller, query.device_ids.split(',').map(Number)),
    }),
  ]);
};
