import {
  Perm,
  recipe,
  recipeAddBody,
  recipeApplyReply,
  recipeEditBody,
  recipeIdBody,
  recipeListQuery,
  recipeListReply,
  RecipePaths,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';
import { recipeIoRoutes } from './recipe-io.routes.ts';

/**
 * A project's recipes (recipe.api.ts): list and export with view 39, changes and the import with
 * edit 42; applying with view 39 here and the right to operate the devices in the service (device
 * edit 4 or hmi 6, per device its data scope and zone), as a running screen's writes.
 */
export const recipeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recipes, recipeApplier } = app.services;
  const langOf = async (request: FastifyRequest): Promise<string | undefined> =>
    request.currentUser ? (await app.services.users.findById(request.currentUser.id))?.lang : undefined;

  await app.register(recipeIoRoutes, { langOf });
  entityRoutes(app, [
    read({
      path: RecipePaths.list,
      permission: Perm.ProjectView,
      query: recipeListQuery,
      reply: recipeListReply,
      run: (caller, query) => recipes.list(caller, query.project_id),
    }),
    write({
      path: RecipePaths.add,
      permission: Perm.ProjectEdit,
      body: recipeAddBody,
      reply: recipe,
      run: (caller, body) => recipes.add(caller, body),
    }),
    write({
      path: RecipePaths.edit,
      permission: Perm.ProjectEdit,
      body: recipeEditBody,
      reply: recipe,
      run: (caller, body) => recipes.edit(caller, body),
    }),
    remove({
      path: RecipePaths.delete,
      permission: Perm.ProjectEdit,
      body: recipeIdBody,
      run: (caller, body) => recipes.delete(caller, body.id),
    }),
    write({
      path: RecipePaths.apply,
      permission: Perm.ProjectView,
      body: recipeIdBody,
      reply: recipeApplyReply,
      run: (caller, body) => recipeApplier.apply(caller, body.id),
    }),
  ]);
};
