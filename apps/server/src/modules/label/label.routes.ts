import {
  labelAddBody,
  labelDeleteBody,
  labelItem,
  labelListReply,
  LabelPaths,
  labelRenameBody,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /device/label: the team's device labels (listing needs device view 2, changes device edit 4). */
export const labelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { labels } = app.services;

  entityRoutes(app, [
    read({
      path: LabelPaths.list,
      permission: Perm.DeviceView,
      reply: labelListReply,
      run: (caller) => labels.list(caller),
    }),
    write({
      path: LabelPaths.add,
      permission: Perm.DeviceEdit,
      body: labelAddBody,
      reply: labelItem,
      run: (caller, body) => labels.add(caller, body.name),
    }),
    write({
      path: LabelPaths.rename,
      permission: Perm.DeviceEdit,
      body: labelRenameBody,
      reply: labelItem,
      run: (caller, body) => labels.rename(caller, body.id, body.name),
    }),
    remove({
      path: LabelPaths.delete,
      permission: Perm.DeviceEdit,
      body: labelDeleteBody,
      run: (caller, body) => labels.delete(caller, body.id),
    }),
  ]);
};
