import { controlPanelSummary, ControlPanelPaths, envelope, Perm } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /operations/controlpanel: the control panel's summary (controlpanel-view 46). */
export const controlPanelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { controlPanel } = app.services;
  app.get(
    ControlPanelPaths.summary,
    {
      preHandler: requirePermission(Perm.ControlPanelView),
      schema: { response: { 200: envelope(controlPanelSummary) } },
    },
    async (request) => ok(await controlPanel.summary(requireUser(request))),
  );
};
