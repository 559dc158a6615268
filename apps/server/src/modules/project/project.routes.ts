import {
  Perm,
  projectAddBody,
  projectDetail,
  projectDevicesBody,
  projectEditBody,
  projectIdBody,
  projectIdQuery,
  projectListQuery,
  projectListReply,
  ProjectPaths,
  projectScreen,
  screenAddBody,
  screenIdBody,
  screenIdQuery,
  screenSaveBody,
  screenWriteBody,
  screenWriteReply,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /device/projectlist: projects and their screens (SPEC projectlist: view 39, add 40, edit 42, delete 43). */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects, screens, screenRuntime } = app.services;

  entityRoutes(app, [
    read({
      path: ProjectPaths.list,
      permission: Perm.ProjectView,
      query: projectListQuery,
      reply: projectListReply,
      run: (caller, query) => projects.list(caller, query),
    }),
    read({
      path: ProjectPaths.detail,
      permission: Perm.ProjectView,
      query: projectIdQuery,
      reply: projectDetail,
      run: (caller, query) => projects.detail(caller, query.id),
    }),
    write({
      path: ProjectPaths.add,
      permission: Perm.ProjectAdd,
      body: projectAddBody,
      reply: projectDetail,
      run: (caller, body) => projects.add(caller, body),
    }),
    write({
      path: ProjectPaths.edit,
      permission: Perm.ProjectEdit,
      body: projectEditBody,
      reply: projectDetail,
      run: (caller, body) => projects.edit(caller, body),
    }),
    remove({
      path: ProjectPaths.delete,
      permission: Perm.ProjectDelete,
      body: projectIdBody,
      run: (caller, body) => projects.delete(caller, body.id),
    }),
    write({
      path: ProjectPaths.devices,
      permission: Perm.ProjectEdit,
      body: projectDevicesBody,
      reply: projectDetail,
      run: (caller, body) => projects.setDevices(caller, body.id, body.device_ids),
    }),
    read({
      path: ProjectPaths.screen,
      permission: Perm.ProjectView,
      query: screenIdQuery,
      reply: projectScreen,
      run: (caller, query) => screens.get(caller, query.id),
    }),
    write({
      path: ProjectPaths.screenAdd,
      permission: Perm.ProjectEdit,
      body: screenAddBody,
      reply: projectScreen,
      run: (caller, body) => screens.add(caller, body),
    }),
    write({
      path: ProjectPaths.screenSave,
      permission: Perm.ProjectEdit,
      body: screenSaveBody,
      reply: projectScreen,
      run: (caller, body) => screens.save(caller, body),
    }),
    remove({
      path: ProjectPaths.screenDelete,
      permission: Perm.ProjectEdit,
      body: screenIdBody,
      run: (caller, body) => screens.delete(caller, body.id),
    }),
    // The runtime's writes: viewing the project (39) here, operating the device in the service.
    write({
      path: ProjectPaths.write,
      permission: Perm.ProjectView,
      body: screenWriteBody,
      reply: screenWriteReply,
      run: (caller, body) => screenRuntime.write(caller, body),
    }),
  ]);
};
