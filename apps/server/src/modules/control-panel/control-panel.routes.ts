import { controlPanelSummary, ControlPanelPaths, Perm } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read } from '../../plugins/entity-routes.ts';

/** /operations/controlpanel: the control panel's summary (controlpanel-view 46). */
export const controlPanelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { controlPanel } = app.services;
  entityRoutes(app, [
    read({
      path: ControlPanelPaths.summary,
      permission: Perm.ControlPanelView,
      reply: controlPanelSummary,
      run: (caller) => controlPanel.summary(caller),
    }),
  ]);
};
