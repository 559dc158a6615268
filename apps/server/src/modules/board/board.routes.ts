import {
  boardReply,
  BoardPaths,
  boardSaveBody,
  favouriteListReply,
  favouriteSetBody,
  favouriteState,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, write } from '../../plugins/entity-routes.ts';

/** The caller's data board (dashboard view 1) and favourite devices (device view 2). */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { board } = app.services;

  entityRoutes(app, [
    read({
      path: BoardPaths.get,
      permission: Perm.DashboardView,
      reply: boardReply,
      run: (caller) => board.get(caller),
    }),
    read({
      path: BoardPaths.suggestion,
      permission: Perm.DashboardView,
      reply: boardReply,
      run: (caller) => board.suggestion(caller),
    }),
    write({
      path: BoardPaths.save,
      permission: Perm.DashboardView,
      body: boardSaveBody,
      reply: boardReply,
      run: (caller, body) => board.save(caller, body.cards, body.layouts),
    }),
    read({
      path: BoardPaths.favourites,
      permission: Perm.DeviceView,
      reply: favouriteListReply,
      run: (caller) => board.favourites(caller),
    }),
    write({
      path: BoardPaths.favourite,
      permission: Perm.DeviceView,
      body: favouriteSetBody,
      reply: favouriteState,
      run: (caller, body) => board.setFavourite(caller, body.device_id, body.on),
    }),
  ]);
};
