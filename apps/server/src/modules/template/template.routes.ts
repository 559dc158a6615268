import {
  envelope,
  idQuery,
  Perm,
  templateAddBody,
  templateCopyBody,
  templateDeleteBody,
  templateDetail,
  templateEditBody,
  templateListQuery,
  templateListReply,
  TemplatePaths,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /template: single-device templates (SPEC templatelist: view 8, add 9, copy 10, edit 11, delete 12). */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { templates } = app.services;

  app.get(
    TemplatePaths.list,
    {
      preHandler: requirePermission(Perm.TemplateView),
      schema: { querystring: templateListQuery, response: { 200: envelope(templateListReply) } },
    },
    async (request) => ok(await templates.list(requireUser(request), request.query)),
  );

  app.get(
    TemplatePaths.detail,
    {
      preHandler: requirePermission(Perm.TemplateView),
      schema: { querystring: idQuery, response: { 200: envelope(templateDetail) } },
    },
    async (request) => ok(await templates.detail(requireUser(request), request.query.id)),
  );

  app.post(
    TemplatePaths.add,
    {
      preHandler: requirePermission(Perm.TemplateAdd),
      schema: { body: templateAddBody, response: { 200: envelope(templateDetail) } },
    },
    async (request) => ok(await templates.add(requireUser(request), request.body)),
  );

  app.post(
    TemplatePaths.copy,
    {
      preHandler: requirePermission(Perm.TemplateCopy),
      schema: { body: templateCopyBody, response: { 200: envelope(templateDetail) } },
    },
    async (request) => ok(await templates.copy(requireUser(request), request.body.id, request.body.name)),
  );

  app.post(
    TemplatePaths.edit,
    {
      preHandler: requirePermission(Perm.TemplateEdit),
      schema: { body: templateEditBody, response: { 200: envelope(templateDetail) } },
    },
    async (request) => ok(await templates.edit(requireUser(request), request.body)),
  );

  app.post(
    TemplatePaths.delete,
    {
      preHandler: requirePermission(Perm.TemplateDelete),
      schema: { body: templateDeleteBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await templates.delete(requireUser(request), request.body.id);
      return ok(null);
    },
  );
};
