import {
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
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /template: single-device templates (SPEC templatelist: view 8, add 9, copy 10, edit 11, delete 12). */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { templates } = app.services;

  entityRoutes(app, [
    read({
      path: TemplatePaths.list,
      permission: Perm.TemplateView,
      query: templateListQuery,
      reply: templateListReply,
      run: (caller, query) => templates.list(caller, query),
    }),
    read({
      path: TemplatePaths.detail,
      permission: Perm.TemplateView,
      query: idQuery,
      reply: templateDetail,
      run: (caller, query) => templates.detail(caller, query.id),
    }),
    write({
      path: TemplatePaths.add,
      permission: Perm.TemplateAdd,
      body: templateAddBody,
      reply: templateDetail,
      run: (caller, body) => templates.add(caller, body),
    }),
    write({
      path: TemplatePaths.copy,
      permission: Perm.TemplateCopy,
      body: templateCopyBody,
      reply: templateDetail,
      run: (caller, body) => templates.copy(caller, body.id, body.name),
    }),
    write({
      path: TemplatePaths.edit,
      permission: Perm.TemplateEdit,
      body: templateEditBody,
      reply: templateDetail,
      run: (caller, body) => templates.edit(caller, body),
    }),
    remove({
      path: TemplatePaths.delete,
      permission: Perm.TemplateDelete,
      body: templateDeleteBody,
      run: (caller, body) => templates.delete(caller, body.id),
    }),
  ]);
};
