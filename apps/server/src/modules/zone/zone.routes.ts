import {
  deviceZonesQuery,
  deviceZonesReply,
  envelope,
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
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /system/safeZone: security zones (SPEC safeZone: view 33, add 30, edit 34, delete 35). */
export const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { zones } = app.services;
  const view = requirePermission(Perm.SafeZoneView);
  const edit = requirePermission(Perm.SafeZoneEdit);

  app.get(
    ZonePaths.list,
    { preHandler: view, schema: { response: { 200: envelope(zoneListReply) } } },
    async (request) => ok(await zones.list(requireUser(request))),
  );

  app.post(
    ZonePaths.add,
    {
      preHandler: requirePermission(Perm.SafeZoneAdd),
      schema: { body: zoneAddBody, response: { 200: envelope(zoneItem) } },
    },
    async (request) => ok(await zones.add(requireUser(request), request.body.name)),
  );

  app.post(
    ZonePaths.edit,
    { preHandler: edit, schema: { body: zoneEditBody, response: { 200: envelope(zoneItem) } } },
    async (request) => ok(await zones.edit(requireUser(request), request.body.id, request.body.name)),
  );

  app.post(
    ZonePaths.delete,
    {
      preHandler: requirePermission(Perm.SafeZoneDelete),
      schema: { body: zoneDeleteBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await zones.delete(requireUser(request), request.body.id);
      return ok(null);
    },
  );

  app.post(
    ZonePaths.assign,
    { preHandler: edit, schema: { body: zoneAssignBody, response: { 200: envelope(zoneAssignReply) } } },
    async (request) => ok(await zones.assign(requireUser(request), request.body)),
  );

  app.get(
    ZonePaths.deviceZones,
    {
      preHandler: view,
      schema: { querystring: deviceZonesQuery, response: { 200: envelope(deviceZonesReply) } },
    },
    async (request) =>
      ok(await zones.deviceZones(requireUser(request), request.query.device_ids.split(',').map(Number))),
  );
};
